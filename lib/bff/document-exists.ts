import 'server-only';
import { contentCategories, documentNameMax } from '@/lib/contract';
import { type ArticlePage, articleCategories } from '@/lib/routes/article-routes';
import { BffError } from './errors';
import { readUpstream } from './reader';

/**
 * Whether a reading page has a document to show, asked by proxy.ts before the page renders: a
 * page's own notFound() reaches the browser as an empty error document that only scripts fill in
 * (vercel/next.js#62228), while the proxy can hand an unknown name the server-rendered 404.
 *
 * Only the upstream's 404 counts as "no": when it cannot be asked ('unknown'), the page renders
 * and decides. A "yes" is kept for ten minutes (a name that had a document keeps it); a "no" is
 * never kept, so a document imported a moment ago is found at once.
 */
export async function readingPageHasDocument(page: ArticlePage, filename: string): Promise<'yes' | 'no' | 'unknown'> {
  // The contract's bound on names: anything longer cannot be a document.
  if (!filename || filename.length > documentNameMax) return 'no';
  try {
    await readUpstream(
      'has_document',
      { filename, categories: articleCategories(page, contentCategories) },
      { timeoutMs: 2000, cache: { ttlMs: 10 * 60_000 } },
    );
    return 'yes';
  } catch (error) {
    return error instanceof BffError && error.httpStatus === 404 ? 'no' : 'unknown';
  }
}
