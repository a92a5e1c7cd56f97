import type { ButtonHTMLAttributes } from 'react';

/*
 * The product's buttons: one look per tone and size, so that a screen says what it does and the
 * house style lives here once. `buttonClass` gives the same look to a link that acts as a button
 * (a Next `Link` to the next step); `Button` is the <button> itself, `type="button"` unless told.
 */

export type ButtonTone = 'primary' | 'secondary' | 'quiet' | 'alert';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl';
export type ButtonShape = 'rounded' | 'pill';

export interface ButtonLook {
  /**
   * primary: the brand's filled button, one per view; secondary: white with a border; quiet: text
   * only; alert: on a red error panel.
   */
  tone?: ButtonTone;
  /** sm: in a toolbar or a row; md: the default; lg: a form's or a page's main action; xl: a lesson's big answers. */
  size?: ButtonSize;
  shape?: ButtonShape;
}

const base =
  'inline-flex items-center justify-center gap-1.5 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50';

const tones: Record<ButtonTone, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-ink hover:bg-slate-50',
  quiet: 'text-brand-700 hover:bg-brand-50',
  alert: 'border border-red-300 bg-white text-red-700 hover:bg-red-100',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 py-1 text-sm',
  md: 'min-h-9 px-4 py-1.5 text-sm',
  lg: 'min-h-10 px-5 py-2 text-base',
  xl: 'min-h-14 px-8 py-3 text-lg',
};

const shapes: Record<ButtonShape, Record<ButtonSize, string>> = {
  rounded: { sm: 'rounded-lg', md: 'rounded-lg', lg: 'rounded-lg', xl: 'rounded-2xl' },
  pill: { sm: 'rounded-full', md: 'rounded-full', lg: 'rounded-full', xl: 'rounded-full' },
};

/** The classes of a button's look, then `extra` (where it sits: margins, width, alignment). */
export function buttonClass({ tone = 'primary', size = 'md', shape = 'rounded' }: ButtonLook = {}, extra = ''): string {
  return `${base} ${tones[tone]} ${sizes[size]} ${shapes[shape][size]}${extra ? ` ${extra}` : ''}`;
}

export function Button({
  tone,
  size,
  shape,
  className = '',
  type = 'button',
  ...props
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ tone, size, shape }, className)} {...props} />;
}
