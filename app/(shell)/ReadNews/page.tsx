import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { DocumentList } from '@/components/reading/document-list';
import { EmptyLibrary, LibraryUnavailable } from '@/components/reading/list-states';
import { SubCategoryLinks } from '@/components/reading/sub-category-links';
import { unlessUnavailable } from '@/lib/bff/errors';
import { documentPage, subCategories } from '@/lib/bff/reading-lists';
import { categoryLabels } from '@/lib/contract/categories';
import { listMetadata } from '@/lib/reading/list-metadata';
import { pathFor } from '@/lib/routes/route-table';

const description = '每天读英文新闻：最新的报道，点击任意单词查看它在句中的意思。';

export const metadata: Metadata = listMetadata({ title: '读新闻', description, path: pathFor('ReadNews') });

const latest = 10;

/** 读新闻: the newest news, the sources' sections, and the way into the whole paged list. */
export default async function ReadNewsPage() {
  const [news, subs] = await Promise.all([
    unlessUnavailable(documentPage({ category: 'news', page: 1, page_size: latest, order: 'newest' })),
    unlessUnavailable(subCategories('news')),
  ]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">读新闻</h1>
        <p className="mt-1 text-sm text-ink-soft">{description}</p>
      </header>
      <SubCategoryLinks category="news" subs={subs?.sub_categories ?? null} />
      <section aria-labelledby="latest-news">
        <h2 id="latest-news" className="mb-3 text-lg font-semibold">
          最新新闻
        </h2>
        {!news ? (
          <LibraryUnavailable />
        ) : news.total === 0 ? (
          <EmptyLibrary label={categoryLabels.news} />
        ) : (
          <>
            <DocumentList documents={news.documents} />
            {news.total > news.documents.length && (
              <p className="mt-4">
                <Link href={pathFor('ReadNewsList')} className="text-sm font-medium text-brand-700 hover:underline">
                  全部 {news.total.toLocaleString('zh-CN')} 篇新闻 →
                </Link>
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
