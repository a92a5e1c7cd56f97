import { defaultReadingPageSize, parseContentPath, type ContentFileId } from '../../lib/contract';
import type { CallHandlers } from '../platform/contract-routes';
import { notFound, ok } from '../platform/http';
import type { ReadingShelf } from './reading';

export interface ContentHandlersDeps {
  readingShelf: ReadingShelf;
}

// What the portal shows of the newest documents unless it asks for another number.
const defaultRecent = 6;

/**
 * The reading calls: sub-categories, paged lists, the newest documents, a book's chapters, and one
 * whole document, which retrieve_file (query parameters) and the content call (the path) answer alike.
 */
export function readingHandlers({ readingShelf }: ContentHandlersDeps): CallHandlers {
  async function whole(file: ContentFileId) {
    const document = await readingShelf.read(file);
    if (!document) throw notFound();
    return ok(document);
  }

  // The same names the content call accepts, so one document has one address everywhere; an
  // unknown category or an impossible name is an unknown document.
  function fileOf({ category, sub_category, filename }: { category: string; sub_category?: string; filename: string }) {
    const file = parseContentPath(sub_category ? [category, sub_category, filename] : [category, filename]);
    if (!file) throw notFound();
    return file;
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

    retrieve_file: async (input) => whole(fileOf(input)),

    query_chapters: async (input) => {
      const chapters = await readingShelf.chapters(fileOf(input));
      if (!chapters) throw notFound();
      return ok(chapters);
    },

    find_document: async ({ filename, categories }) => {
      const document = await readingShelf.find(filename, categories);
      if (!document) throw notFound();
      return ok(document);
    },

    has_document: async ({ filename, categories }) => {
      if (!(await readingShelf.has(filename, categories))) throw notFound();
      return ok({ filename });
    },

    content: async (_input, _caller, file) => whole(file),
  };
}
