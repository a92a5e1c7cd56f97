import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import type { ContentCategory } from '@/lib/contract/categories';
import { listMetadata } from '@/lib/reading/list-metadata';
import { requestedPage, type SearchParams } from '@/lib/reading/paging';
import { CategoryDocuments } from '@/components/reading/category-documents';
import { SubCategoryLinks } from '@/components/reading/sub-category-links';
import { unlessUnavailable } from '@/lib/bff/errors';
import { readListPage, subCategories } from '@/lib/bff/reading-lists';

interface ListPageOptions {
  category: ContentCategory;
  /** The page's own path (the route table's). */
  path: string;
  title: string;
  description: string;
  /** The category's name in the empty state. */
  label: string;
  order?: 'level' | 'newest';
  chapters?: boolean;
  /** Links to the category's sub-category lists above the documents. */
  subCategories?: boolean;
  /** Shown under the description. */
  aside?: ReactNode;
}

interface Props {
  searchParams: Promise<SearchParams>;
}

/**
 * One category's paged list as a page (the news, short-story, reading and listening lists): the
 * page component and its metadata, from one description, so the lists cannot drift apart.
 */
export function categoryListPage(options: ListPageOptions) {
  async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
    return listMetadata({
      title: options.title,
      description: options.description,
      path: options.path,
      page: requestedPage(await searchParams) ?? 1,
    });
  }

  async function Page({ searchParams }: Props) {
    const page = requestedPage(await searchParams);
    if (page === null) notFound();
    const [list, subs] = await Promise.all([
      readListPage({ category: options.category, page, order: options.order }),
      options.subCategories ? unlessUnavailable(subCategories(options.category)) : null,
    ]);
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
        <header>
          <h1 className="text-2xl font-semibold">{options.title}</h1>
          <p className="mt-1 text-sm text-ink-soft">{options.description}</p>
          {options.aside}
        </header>
        {options.subCategories && <SubCategoryLinks category={options.category} subs={subs?.sub_categories ?? null} />}
        <section aria-label={options.title}>
          <CategoryDocuments list={list} path={options.path} label={options.label} chapters={options.chapters} />
        </section>
      </div>
    );
  }

  return { generateMetadata, Page };
}
