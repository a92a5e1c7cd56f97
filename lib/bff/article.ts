import 'server-only';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import { contentCategories, documentNameMax, type ReadableDocument } from '@/lib/contract';
import { articleCategories, type ArticlePage } from '@/lib/routes/article-routes';
import { documentTag, documentTtlSeconds } from './document-tags';
import { BffError } from './errors';
import { dataOf, readUpstream } from './reader';

/*
 * The reading pages' data. A document is the same for every reader, so it is kept in Next's data
 * cache (shared by the processes of one deployment through its cache handler), tagged by its file
 * name: POST /api/revalidate_documents (./revalidate-documents.ts) expires the tag when an
 * import changes the document. Without that call an entry still expires after `documentTtlSeconds`,
 * so a page is never staler than that. A reader's own state (lists, marks) is never in here: the
 * page's client island asks for it, so the cached HTML stays one for all.
 */

export { documentTag, documentTtlSeconds };

class Missing extends Error {}

const findCached = (page: ArticlePage, filename: string) =>
  unstable_cache(
    async () => {
      try {
        return await readUpstream(
          'find_document',
          { filename, categories: articleCategories(page, contentCategories) },
          {
            timeoutMs: 5000,
            reshape: dataOf,
          },
        );
      } catch (error) {
        // An unknown name is not kept: throwing leaves the cache alone, so crawlers probing names
        // fill nothing, and a document imported later is found at once.
        if (error instanceof BffError && error.httpStatus === 404) throw new Missing();
        throw error;
      }
    },
    ['find_document', page, filename],
    { tags: [documentTag(filename)], revalidate: documentTtlSeconds },
  )();

/**
 * The document a reading page shows, or null when its categories have none of that name. Once
 * per request (React's cache), shared by generateMetadata and the page.
 */
export const readArticle = cache(async (page: ArticlePage, filename: string): Promise<ReadableDocument | null> => {
  // The contract's bound on names: anything longer cannot be a document.
  if (!filename || filename.length > documentNameMax) return null;
  try {
    return await findCached(page, filename);
  } catch (error) {
    if (error instanceof Missing) return null;
    throw error;
  }
});
