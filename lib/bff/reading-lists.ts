import 'server-only';
import { notFound } from 'next/navigation';
import type { CallData } from '@/lib/contract';
import type { DocumentSummary } from '@/lib/contract/calls/reading';
import type { ContentCategory } from '@/lib/contract/categories';
import { listPageSize, pageCount } from '@/lib/reading/paging';
import { BffError, unlessUnavailable } from './errors';
import { dataOf, readUpstream } from './reader';

/*
 * The reads of the reading lists, the portal, the sitemap and robots.txt. Every answer is the same
 * for every reader, so it is kept in this process for a short while: a list page is rendered from
 * memory under load, and a newly imported document shows within the minute.
 */

const listCache = { ttlMs: 60_000, failureTtlMs: 5_000 };
const timeoutMs = 5_000;

/** A page of a category's documents (of one sub-category when given), in the list's stable order. */
export function documentPage(query: {
  category: ContentCategory;
  sub_category?: string;
  page: number;
  page_size: number;
  order?: 'level' | 'newest';
}): Promise<CallData<'query_filenames'>> {
  return readUpstream('query_filenames', query, { timeoutMs, cache: listCache, reshape: dataOf });
}

export function subCategories(category: ContentCategory): Promise<CallData<'query_subcategory'>> {
  return readUpstream('query_subcategory', { category }, { timeoutMs, cache: listCache, reshape: dataOf });
}

/** How many documents each category holds, in the order asked. */
export async function categoryTotals<C extends ContentCategory>(
  categories: readonly C[],
): Promise<{ category: C; total: number }[]> {
  return Promise.all(
    categories.map(async (category) => ({
      category,
      total: (await documentPage({ category, page: 1, page_size: 1 })).total,
    })),
  );
}

export async function recentDocuments(limit: number): Promise<DocumentSummary[]> {
  return readUpstream('query_recent_documents', { limit }, { timeoutMs, cache: listCache, reshape: (a) => dataOf(a).documents });
}

export interface BookChapters {
  category: ContentCategory;
  sub_category: string | null;
  filename: string;
  title: string;
  chapters: { number: number; title: string; paragraph: number; sentence_id: number }[];
}

/**
 * A book's chapters, the book named by its file name alone (the address /readingChapter/{title}
 * carries no category): looked for in `categories`, in order; null when none holds it.
 */
export async function bookChapters(filename: string, categories: readonly ContentCategory[]): Promise<BookChapters | null> {
  for (const category of categories) {
    try {
      return await readUpstream('query_chapters', { category, filename }, { timeoutMs, cache: listCache, reshape: dataOf });
    } catch (error) {
      if (error instanceof BffError && error.httpStatus === 404) continue;
      throw error;
    }
  }
  return null;
}

/**
 * One page of a list for a list page: null when the library cannot be read (the page says so). A
 * page past the last of a non-empty list is not a page (404), so a crawler that kept an old
 * `?page=9` learns it has gone.
 */
export async function readListPage(query: {
  category: ContentCategory;
  sub_category?: string;
  page: number;
  order?: 'level' | 'newest';
}): Promise<CallData<'query_filenames'> | null> {
  const answer = await unlessUnavailable(documentPage({ ...query, page_size: listPageSize }));
  if (answer && query.page > pageCount(answer.total, listPageSize)) notFound();
  return answer;
}
