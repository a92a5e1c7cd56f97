import { Link } from '@/components/ui/link';
import type { GrammarCategory } from '@/lib/contract/calls/analysis';
import { ExplanationEntries } from './explanation-entries';

/**
 * /Grammar (server-rendered): the catalogue by category, a table of contents on top, and every
 * point with its one-line summary, its explanation (opened in place) and its examples.
 */
export function GrammarCatalogueView({ categories }: { categories: readonly GrammarCategory[] }) {
  if (categories.length === 0) {
    return <p className="text-ink-mute">语法库暂时是空的。</p>;
  }
  const total = categories.reduce((n, c) => n + c.points.length, 0);
  return (
    <div data-testid="grammar-catalogue" className="flex flex-col gap-8">
      <nav aria-label="语法分类" className="rounded-2xl border border-slate-200 bg-white p-4">
        <p className="mb-2 text-sm text-ink-mute">共 {total} 个语法点</p>
        <ul className="flex flex-wrap gap-2">
          {categories.map((c, i) => (
            <li key={c.name}>
              <a
                href={`#category-${i}`}
                className="rounded-full bg-slate-100 px-3 py-1 text-sm hover:bg-brand-50 hover:text-brand-700"
              >
                {c.name}（{c.points.length}）
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((category, i) => (
        <section key={category.name} id={`category-${i}`} aria-labelledby={`category-${i}-title`} data-testid="grammar-category">
          <h2 id={`category-${i}-title`} className="mb-3 text-xl font-semibold">
            {category.name}
          </h2>
          <ul className="flex flex-col gap-3">
            {category.points.map((point) => (
              <li key={point.name} id={`point-${encodeURIComponent(point.name)}`}>
                <details
                  data-testid="grammar-object"
                  className="group rounded-xl border border-slate-200 bg-white open:shadow-sm"
                >
                  <summary className="flex cursor-pointer list-none items-baseline gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
                    <span className="font-semibold text-brand-700">{point.name}</span>
                    <span className="min-w-0 flex-1 text-sm text-ink-soft">{point.summary}</span>
                    <span aria-hidden className="text-ink-mute transition-transform group-open:rotate-90">
                      ›
                    </span>
                  </summary>
                  <div className="border-t border-slate-100 px-4 py-3">
                    <ExplanationEntries entries={point.explanation.explanation.content} />
                    {point.examples.length > 0 && (
                      <div className="mt-3">
                        <h3 className="mb-1 text-sm font-semibold text-ink">例句</h3>
                        <ul className="flex flex-col gap-2">
                          {point.examples.map((ex) => (
                            <li key={ex.first} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
                              <p lang="en">{ex.first}</p>
                              {ex.second && <p className="text-ink-mute">{ex.second}</p>}
                              <Link
                                href={`/chatSentence?${new URLSearchParams({ sentence: ex.first })}`}
                                className="mt-1 inline-block text-xs text-brand-600 hover:underline"
                              >
                                分析这个例句
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </div>
                    )}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function GrammarUnavailable() {
  return (
    <p
      role="alert"
      data-testid="grammar-unavailable"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center text-red-700"
    >
      语法库暂时无法加载，请稍后刷新重试。
    </p>
  );
}
