import { notFound } from 'next/navigation';
import { documentPage, isUnavailable, type DocumentPage } from '@/lib/bff/reading-lists';
import type { ContentCategory } from '@/lib/contract/categories';
import { pageCount } from '@/lib/reading/paging';
import { DocumentList } from './document-list';
import { EmptyLibrary, LibraryUnavailable } from './list-states';
import { Pager } from './pager';

export const listPageSize = 20;

/**
 * Reads one page of a list for a page component: null when the library cannot be read (the page
 * says so). A page past the last of a non-empty list is not a page (404), so a crawler that kept
 * an old `?page=9` learns it has gone.
 */
export async function readListPage(query: {
  category: ContentCategory;
  sub_category?: string;
  page: number;
  order?: 'level' | 'newest';
}): Promise<DocumentPage | null> {
  let answer: DocumentPage;
  try {
    answer = await documentPage({ ...query, page_size: listPageSize });
  } catch (error) {
    if (isUnavailable(error)) return null;
    throw error;
  }
  if (query.page > pageCount(answer.total, listPageSize)) notFound();
  return answer;
}

/** A list's documents, its pager, or the state that stands for them. */
export function CategoryDocuments({
  list,
  path,
  label,
  category,
  news = false,
  chapters = false,
}: {
  list: DocumentPage | null;
  /** The list page's own path, which the pager links to. */
  path: string;
  /** The category's name in the empty state. */
  label: string;
  /** Its key, which the empty state tells the operator to put in an imported file's header. */
  category?: string;
  news?: boolean;
  /** Books: each item also links to its table of contents. */
  chapters?: boolean;
}) {
  if (!list) return <LibraryUnavailable />;
  if (list.total === 0) return <EmptyLibrary label={label} category={category} news={news} />;
  return (
    <>
      <p className="mb-3 text-sm text-ink-mute" data-testid="document-total">
        共 {list.total.toLocaleString('zh-CN')} 篇
      </p>
      <DocumentList documents={list.documents} chapters={chapters} />
      <Pager path={path} page={list.page} pages={pageCount(list.total, listPageSize)} />
    </>
  );
}
