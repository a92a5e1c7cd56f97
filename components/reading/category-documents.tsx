import type { CallData } from '@/lib/contract';
import { listPageSize, pageCount } from '@/lib/reading/paging';
import { DocumentList } from './document-list';
import { EmptyLibrary, LibraryUnavailable } from './list-states';
import { Pager } from './pager';

/** A list's documents, its pager, or the state that stands for them. */
export function CategoryDocuments({
  list,
  path,
  label,
  chapters = false,
}: {
  list: CallData<'query_filenames'> | null;
  /** The list page's own path, which the pager links to. */
  path: string;
  /** The category's name in the empty state. */
  label: string;
  /** Books: each item also links to its table of contents. */
  chapters?: boolean;
}) {
  if (!list) return <LibraryUnavailable />;
  if (list.total === 0) return <EmptyLibrary label={label} />;
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
