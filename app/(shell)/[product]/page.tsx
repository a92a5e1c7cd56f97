import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryDocuments } from '@/components/reading/category-documents';
import { MyReading } from '@/components/books/my-reading';
import { SubCategoryLinks } from '@/components/reading/sub-category-links';
import { WordTools } from '@/components/reading/word-tools';
import { categoryBlurbs, isKnownProduct, type ProductCategory, productLabels } from '@/lib/reading/categories';
import { listMetadata } from '@/lib/reading/list-metadata';
import { requestedPage, type SearchParams } from '@/lib/reading/paging';
import { pathFor } from '@/lib/routes/route-table';
import { currentUser } from '@/lib/bff/current-user';
import { unlessUnavailable } from '@/lib/bff/errors';
import { readListPage, subCategories } from '@/lib/bff/reading-lists';

interface Props {
  params: Promise<{ product: string }>;
  searchParams: Promise<SearchParams>;
}

// Books, read chapter by chapter: their items link to a table of contents too.
const bookCategories: ReadonlySet<ProductCategory> = new Set(['classic', 'bookworm', 'new_concept_english']);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { product } = await params;
  if (!isKnownProduct(product)) return {};
  if (product === 'me') {
    return {
      title: '我的',
      description: '我的单词本、句子本和查词历史。',
      alternates: { canonical: '/me' },
      robots: { index: false },
    };
  }
  return listMetadata({
    title: `${productLabels[product]} · 英语阅读`,
    description: categoryBlurbs[product],
    path: pathFor('index', { product }),
    page: requestedPage(await searchParams) ?? 1,
  });
}

/**
 * A menu category's index (spec section 2, `/{product}`): its sub-categories and its documents,
 * paged, rendered on the server with plain links; the operator's empty state when the library
 * holds none. 单词 adds the word tools; 我的 is the learner's own.
 */
export default async function ProductPage({ params, searchParams }: Props) {
  const { product } = await params;
  if (!isKnownProduct(product)) notFound();
  if (product === 'me') return <MyReading loggedIn={(await currentUser()) !== null} />;
  const page = requestedPage(await searchParams);
  if (page === null) notFound();
  const path = pathFor('index', { product });
  const label = productLabels[product];
  const [list, subs] = await Promise.all([readListPage({ category: product, page }), unlessUnavailable(subCategories(product))]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">{label}</h1>
        <p className="mt-1 text-sm text-ink-soft">{categoryBlurbs[product]}</p>
      </header>
      {product === 'word' && <WordTools />}
      <SubCategoryLinks category={product} subs={subs?.sub_categories ?? null} />
      <section aria-label={`${label}文章`}>
        <CategoryDocuments list={list} path={path} label={label} chapters={bookCategories.has(product)} />
      </section>
    </div>
  );
}
