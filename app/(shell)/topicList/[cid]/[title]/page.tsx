import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { CategoryDocuments } from '@/components/reading/category-documents';
import { readListPage } from '@/lib/bff/reading-lists';
import { categoryLabels, type ContentCategory, isContentCategory } from '@/lib/contract/categories';
import { categoryHref } from '@/lib/reading/categories';
import { listMetadata } from '@/lib/reading/list-metadata';
import { requestedPage, type SearchParams } from '@/lib/reading/paging';
import { pathFor } from '@/lib/routes/route-table';

interface Props {
  params: Promise<{ cid: string; title: string }>;
  searchParams: Promise<SearchParams>;
}

async function topicOf(params: Props['params']): Promise<{ category: ContentCategory; sub: string } | null> {
  const { cid, title } = await params;
  // Next hands the segments still encoded.
  const sub = safeDecode(title);
  if (!isContentCategory(cid) || sub === null) return null;
  return { category: cid, sub };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const topic = await topicOf(params);
  if (!topic) return {};
  return listMetadata({
    title: `${topic.sub} · ${categoryLabels[topic.category]}`,
    description: `「${categoryLabels[topic.category]}」中「${topic.sub}」的全部文章，标明难度、词数和考试词汇。`,
    path: pathFor('topicList', { cid: topic.category, title: topic.sub }),
    page: requestedPage(await searchParams) ?? 1,
  });
}

/** One sub-category's documents (`/topicList/{category}/{sub-category}`), paged; 404 for one that holds none. */
export default async function TopicListPage({ params, searchParams }: Props) {
  const topic = await topicOf(params);
  const page = requestedPage(await searchParams);
  if (!topic || page === null) notFound();
  const list = await readListPage({ category: topic.category, sub_category: topic.sub, page });
  if (list && list.total === 0) notFound();
  const label = categoryLabels[topic.category];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <p className="text-sm">
          <Link href={categoryHref(topic.category)} className="text-brand-700 hover:underline">
            {label}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold">{topic.sub}</h1>
      </header>
      <section aria-label={topic.sub}>
        <CategoryDocuments list={list} path={pathFor('topicList', { cid: topic.category, title: topic.sub })} label={topic.sub} />
      </section>
    </div>
  );
}
