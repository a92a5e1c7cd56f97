'use client';

import { flagKindNames } from '@/lib/client/writer/writer-marks';
import type { WriterFlag, WriterFlagKind } from '@/lib/contract';
import { flagTone } from './writer-marked-text';

/** Every flag as a list, in text order, with counts per kind; choosing one shows it in place. */
export function WriterFlagList({
  flags,
  selected,
  onSelect,
}: {
  flags: readonly WriterFlag[];
  selected: number | null;
  onSelect: (index: number) => void;
}) {
  if (flags.length === 0) {
    return (
      <p data-testid="writer-no-flags" className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-800">
        自动检查没有发现拼写、语法、冠词、重复词或长句问题。
      </p>
    );
  }
  const counts = new Map<WriterFlagKind, number>();
  for (const flag of flags) counts.set(flag.kind, (counts.get(flag.kind) ?? 0) + 1);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink-soft" data-testid="writer-flag-summary">
        共 {flags.length} 处：
        {[...counts].map(([kind, n]) => `${flagKindNames[kind]} ${n}`).join('，')}
      </p>
      <ol data-testid="writer-flag-list" className="flex flex-col gap-2">
        {flags.map((flag, i) => (
          <li key={`${flag.kind}-${flag.start}-${flag.end}`}>
            <button
              type="button"
              data-testid="writer-flag-item"
              data-kind={flag.kind}
              aria-pressed={selected === i}
              onClick={() => onSelect(i)}
              className={`w-full rounded-xl border p-3 text-left text-sm ${
                selected === i ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-500'
              }`}
            >
              <span className="flex items-center gap-2">
                <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${flagTone[flag.kind].badge}`}>
                  {flagKindNames[flag.kind]}
                </span>
                <span lang="en" className="truncate font-medium">
                  {flag.text.length > 60 ? `${flag.text.slice(0, 60)}…` : flag.text}
                </span>
                {flag.suggestions[0] !== undefined && (
                  <span lang="en" className="shrink-0 text-emerald-700">
                    → {flag.suggestions[0] === '' ? '（删去）' : flag.suggestions[0]}
                  </span>
                )}
              </span>
              <span className="mt-1 block leading-relaxed text-ink-soft">{flag.message}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
