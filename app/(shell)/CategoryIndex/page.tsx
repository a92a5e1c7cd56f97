import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { LibraryUnavailable } from '@/components/reading/list-states';
import { unlessUnavailable } from '@/lib/bff/errors';
import { categoryTotals } from '@/lib/bff/reading-lists';
import { categoryLabels, contentCategories } from '@/lib/contract/categories';
import { categoryBlurbs, categoryHref } from '@/lib/reading/categories';
import { listMetadata } from '@/lib/reading/list-metadata';
import { pathFor } from '@/lib/routes/route-table';

const description = '语境的全部阅读分类：考试、教材、经典名著、新闻、故事与听力，每类的文章数量。';

export const metadata: Metadata = listMetadata({ title: '全部分类', description, path: pathFor('CategoryIndex') });

/** Every category of the library with how many documents it holds, each linking to its list. */
export default async function CategoryIndexPage() {
  const counted = await unlessUnavailable(categoryTotals(contentCategories));
  const totals = counted && new Map(counted.map((c) => [c.category, c.total]));
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">全部分类</h1>
        <p className="mt-1 text-sm text-ink-soft">{description}</p>
      </header>
      {!totals && <LibraryUnavailable />}
      <ul data-testid="category-index" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {contentCategories.map((category) => (
          <li key={category} data-testid="category-entry" data-category={category}>
            <Link
              href={categoryHref(category)}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-medium text-brand-700">{categoryLabels[category]}</span>
                {totals && (
                  <span data-testid="category-count" className="text-xs text-ink-mute">
                    {(totals.get(category) ?? 0).toLocaleString('zh-CN')} 篇
                  </span>
                )}
              </span>
              <span className="mt-1 text-sm text-ink-soft">{categoryBlurbs[category]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
