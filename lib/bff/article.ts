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
 * How long Next keeps a reading page that found no document, in seconds. The proxy answers an
 * unknown name before the page renders (proxy.ts, never stored); the page answers 404 itself only
 * when the proxy could not ask (and the proxy then tells shared caches not to store the answer).
 * Next would keep that 404 like any rendering of the page, for the page's hour, hiding a document
 * imported meanwhile. A render's lifetime is the shortest of the cached reads it made, so the
 * missing name's read below, kept this long, bounds the 404's.
 */
export const missingDocumentTtlSeconds = 60;

const keepMissingBriefly = (page: ArticlePage, filename: string) =>
  unstable_cache(async () => true, ['missing_document', page, filename], {
    tags: [documentTag(filename)],
    revalidate: missingDocumentTtlSeconds,
  })();

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
    if (!(error instanceof Missing)) throw error;
    await keepMissingBriefly(page, filename);
    return null;
  }
});
