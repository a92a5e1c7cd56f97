'use client';

import { useMemo } from 'react';
import { flagKindNames, isSentenceFlag, markedSegments } from '@/lib/client/writer/writer-marks';
import type { WriterFlag } from '@/lib/contract';

/** Underline colour per kind: red for errors, amber for grammar the parser doubts, blue for style. */
export const flagTone: Record<WriterFlag['kind'], { line: string; badge: string }> = {
  spelling: { line: 'decoration-red-500', badge: 'bg-red-50 text-red-700 ring-red-200' },
  agreement: { line: 'decoration-red-500', badge: 'bg-red-50 text-red-700 ring-red-200' },
  article: { line: 'decoration-red-500', badge: 'bg-red-50 text-red-700 ring-red-200' },
  grammar: { line: 'decoration-amber-500', badge: 'bg-amber-50 text-amber-800 ring-amber-200' },
  repeat: { line: 'decoration-sky-500', badge: 'bg-sky-50 text-sky-800 ring-sky-200' },
  long_sentence: { line: 'decoration-sky-500', badge: 'bg-sky-50 text-sky-800 ring-sky-200' },
};

export function FlagExplanation({ flag, onClose }: { flag: WriterFlag; onClose?: () => void }) {
  const fix = flag.suggestions[0];
  return (
    <div data-testid="writer-flag-explanation" data-kind={flag.kind} className="flex flex-col gap-1 text-sm">
      <div className="flex items-center gap-2">
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${flagTone[flag.kind].badge}`}>
          {flagKindNames[flag.kind]}
        </span>
        {fix !== undefined && (
          <span lang="en" className="truncate text-ink-soft">
            <span className="line-through decoration-red-400">
              {flag.text.length > 40 ? `${flag.text.slice(0, 40)}…` : flag.text}
            </span>
            {' → '}
            <span className="font-medium text-emerald-700">{fix === '' ? '（删去）' : fix}</span>
          </span>
        )}
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label="关闭说明"
            className="ml-auto rounded px-1.5 text-ink-mute hover:bg-slate-100"
          >
            ×
          </button>
        )}
      </div>
      <p className="leading-relaxed text-ink">{flag.message}</p>
    </div>
  );
}

/**
 * The checked text with each flag in place: a flagged stretch is a button (click, or Tab and
 * Enter) that opens its explanation right below the text; a sentence-level flag tints its
 * sentence, and a word inside it opens the word's own flag.
 */
export function WriterMarkedText({
  text,
  flags,
  selected,
  onSelect,
}: {
  text: string;
  flags: readonly WriterFlag[];
  selected: number | null;
  onSelect: (index: number | null) => void;
}) {
  const segments = useMemo(() => markedSegments(text, flags), [text, flags]);
  const current = selected === null ? undefined : flags[selected];
  return (
    <div className="flex flex-col gap-3">
      <div data-testid="writer-marked-text" lang="en" className="reading-text whitespace-pre-wrap break-words leading-loose">
        {segments.map((segment) => {
          if (segment.primary === null) return <span key={segment.start}>{segment.text}</span>;
          const flag = flags[segment.primary];
          const sentence = isSentenceFlag(flag);
          const active = selected === segment.primary;
          return (
            <button
              key={segment.start}
              type="button"
              data-testid="writer-flag-mark"
              data-kind={flag.kind}
              aria-pressed={active}
              aria-label={`${flagKindNames[flag.kind]}：${segment.text.trim()}`}
              onClick={() => onSelect(segment.primary as number)}
              onFocus={() => onSelect(segment.primary as number)}
              className={[
                'inline whitespace-pre-wrap rounded-sm text-left underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                sentence ? 'decoration-dotted decoration-2' : 'decoration-wavy decoration-2',
                flagTone[flag.kind].line,
                segment.inSentenceFlag ? 'bg-amber-50' : '',
                active ? 'bg-brand-100' : 'hover:bg-slate-100',
              ].join(' ')}
            >
              {segment.text}
            </button>
          );
        })}
      </div>
      <div aria-live="polite" className="min-h-[3rem]">
        {current ? (
          <div className="rounded-xl border border-brand-100 bg-brand-50 p-3">
            <FlagExplanation flag={current} onClose={() => onSelect(null)} />
          </div>
        ) : (
          flags.length > 0 && <p className="text-sm text-ink-mute">点击（或用 Tab 键选中）带下划线的文字，查看问题说明。</p>
        )}
      </div>
    </div>
  );
}
