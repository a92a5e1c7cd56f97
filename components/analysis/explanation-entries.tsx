import { ModelMarkdown } from '@/components/ui/model-markdown';
import type { ExplanationEntry } from '@/lib/contract/shapes';
import { markdownClass } from '@/components/ui/markdown-look';

/**
 * The entries of one explanation (spec section 3, "Explanation"): h1–h4 as headings (under the
 * title that holds them, so one level lower on the page), Markdown rendered, plain text as
 * paragraphs. Shared by the explain drawer and the server-rendered /Grammar.
 */
export function ExplanationEntries({ entries }: { entries: readonly ExplanationEntry[] }) {
  return (
    <div data-testid="explanation-entries" className="flex flex-col gap-2 leading-relaxed text-ink-soft">
      {entries.map((entry, i) => {
        const key = `${i}:${entry.text_type}`;
        switch (entry.text_type) {
          case 'h1':
            return (
              <h3 key={key} className="mt-2 text-lg font-semibold text-ink">
                {entry.text}
              </h3>
            );
          case 'h2':
            return (
              <h4 key={key} className="mt-2 text-base font-semibold text-ink">
                {entry.text}
              </h4>
            );
          case 'h3':
            return (
              <h5 key={key} className="mt-1 font-semibold text-ink">
                {entry.text}
              </h5>
            );
          case 'h4':
            return (
              <h6 key={key} className="mt-1 text-sm font-semibold text-ink">
                {entry.text}
              </h6>
            );
          case 'md':
            return (
              <div key={key} className={markdownClass}>
                <ModelMarkdown>{entry.text}</ModelMarkdown>
              </div>
            );
          default:
            return (
              <p key={key} className="whitespace-pre-line">
                {entry.text}
              </p>
            );
        }
      })}
    </div>
  );
}
