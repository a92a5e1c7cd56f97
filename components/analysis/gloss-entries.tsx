import type { GlossEntry } from '@/lib/contract/calls/analysis';
import { NEEDS_MODEL_NOTICE } from './analysis-text';

/**
 * The offline word-by-word gloss (逐词释义) as what it is: a list of words, each with the Chinese
 * of its sense in the sentence, never laid out like a sentence. An answer without entries (an
 * upstream that sends only the line) shows the line.
 */
export function GlossEntries({ entries, line }: { entries: readonly GlossEntry[] | undefined; line: string }) {
  return (
    <div>
      {entries === undefined ? (
        <p data-testid="gloss-line" className="leading-relaxed">
          {line}
        </p>
      ) : entries.length === 0 ? (
        <p data-testid="gloss-none" className="text-sm text-ink-mute">
          这句话里没有能确定释义的实词。
        </p>
      ) : (
        <ul data-testid="gloss-entries" className="flex flex-col gap-1">
          {entries.map((entry) => (
            <li key={entry.text} data-testid="gloss-entry" className="leading-relaxed">
              <span lang="en" className="font-medium">
                {entry.text}
              </span>
              <span aria-hidden className="px-1.5 text-ink-mute">
                →
              </span>
              <span>{entry.gloss}</span>
              {entry.alternative && <span className="text-ink-mute">（或：{entry.alternative}）</span>}
            </li>
          ))}
        </ul>
      )}
      <p data-testid="needs-model" className="mt-1 text-xs text-ink-mute">
        {NEEDS_MODEL_NOTICE}
      </p>
    </div>
  );
}
