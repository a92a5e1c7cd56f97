import 'server-only';
import { cookies, headers } from 'next/headers';
import type { ReadableBook } from '@/lib/contract';
import { upstreamIdentity } from './auth';
import { BffError } from './errors';
import { readUpstream } from './reader';

export type MyBookRead = { kind: 'book'; book: ReadableBook } | { kind: 'login' } | { kind: 'missing' };

/**
 * A personal book for the page that reads it: one page of one chapter and one page of its table
 * of contents (get_book answers nothing larger, whatever the book), as the logged-in reader (the
 * session, or the native app's cookie), never cached, since it is one person's. A book of someone
 * else, or none by that number, or a chapter or page it lacks, is missing; no login is 'login'.
 * Positional arguments, so that React's cache() shares one read between the page and its metadata.
 */
export async function readMyBook(
  bookId: number,
  chapter: number | undefined,
  page?: number,
  contentsPage?: number,
): Promise<MyBookRead> {
  const identity = await upstreamIdentity({ headers: await headers(), cookies: await cookies() });
  if (!identity.authorization) return { kind: 'login' };
  try {
    const answer = await readUpstream(
      'get_book',
      {
        book_id: bookId,
        ...(chapter ? { chapter } : {}),
        ...(page ? { page } : {}),
        ...(contentsPage ? { contents_page: contentsPage } : {}),
      },
      { identity: { authorization: identity.authorization, appCookie: identity.appCookie } },
    );
    if (!answer.data) return { kind: 'missing' };
    return { kind: 'book', book: answer.data };
  } catch (error) {
    if (error instanceof BffError && error.httpStatus === 401) return { kind: 'login' };
    if (error instanceof BffError && (error.httpStatus === 404 || error.httpStatus === 400)) return { kind: 'missing' };
    throw error;
  }
}
