import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

/*
 * Text fields: one look for every box a learner types into (a bordered box that shows where the
 * focus is), in three heights. Width and margins are the screen's (className).
 */

export type FieldSize = 'sm' | 'md' | 'lg';

const base =
  'rounded-lg border border-slate-300 bg-white text-ink outline-none placeholder:text-ink-mute focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:cursor-not-allowed disabled:opacity-60';

const heights: Record<FieldSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-3 text-base',
  lg: 'h-11 px-3 text-base',
};

/** The classes of a one-line field, then `extra` (its width, its place). */
export function fieldClass(size: FieldSize = 'md', extra = ''): string {
  return `${base} ${heights[size]}${extra ? ` ${extra}` : ''}`;
}

export function Input({
  size = 'md',
  className = '',
  ...props
}: { size?: FieldSize } & Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>) {
  return <input className={fieldClass(size, className)} {...props} />;
}

/** A box for a text of several lines: a sentence, a passage, an instruction. */
export function Textarea({ className = '', ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${base} px-3 py-2 leading-relaxed ${className}`} {...props} />;
}
