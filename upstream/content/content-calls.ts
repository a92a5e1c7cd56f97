import { defaultReadingPageSize, parseContentPath, type ContentFileId } from '../../lib/contract';
import type { CallHandlers } from '../platform/contract-routes';
import { notFound, ok } from '../platform/http';
import type { ReadingShelf } from './reading';

export interface ContentCallsDeps {
  readingShelf: ReadingShelf;
}

// What the portal shows of the newest documents unless it asks for another number.
const defaultRecent = 6;

/**
 * The reading calls: sub-categories, paged lists, the newest documents, and one whole document,
 * which retrieve_file (query parameters) and the content call (the path) answer alike.
 */
export function contentCalls({ readingShelf }: ContentCallsDeps): CallHandlers {
  async function whole(file: ContentFileId) {
    const document = await readingShelf.read(file);
    if (!document) throw notFound();
    return ok(document);
  }

  return {
    query_subcategory: async ({ category }) => ok(await readingShelf.subcategories(category)),

    query_filenames: async ({ category, sub_category, page, page_size, order }) =>
      ok(
        await readingShelf.listing({
          category,
          sub_category,
          page: page ?? 1,
          page_size: page_size ?? defaultReadingPageSize,
          order: order ?? 'level',
        }),
      ),

    query_recent_documents: async ({ limit }) => ok({ documents: await readingShelf.recent(limit ?? defaultRecent) }),

    retrieve_file: async ({ category, sub_category, filename }) => {
      // The same names the content call accepts, so one document has one address in both; an
      // unknown category is an unknown document.
      const file = parseContentPath(sub_category ? [category, sub_category, filename] : [category, filename]);
      if (!file) throw notFound();
      return whole(file);
    },

    content: async (_input, _caller, file) => whole(file),
  };
}
