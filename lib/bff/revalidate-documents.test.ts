import { describe, expect, it } from 'vitest';
import { documentTag } from './document-tags';
import { handleRevalidate } from './revalidate-documents';

const post = (body: unknown, authorization?: string) =>
  new Request('http://site.test/api/revalidate_documents', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

function run(request: Request, secret: string | undefined) {
  const expired: string[] = [];
  const pages: string[] = [];
  return handleRevalidate(request, {
    secret,
    expire: (tag) => expired.push(tag),
    expirePage: (path) => pages.push(path),
  }).then((answer) => ({ answer, expired, pages }));
}

describe('the revalidation endpoint', () => {
  it('expires the tag of each named document, once each, for a caller with the secret', async () => {
    const { answer, expired, pages } = await run(
      post({ filenames: ['carroll-alice', 'news 1', 'carroll-alice'] }, 'Bearer s3cret'),
      's3cret',
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'OK', data: { revalidated: 2 } });
    expect(expired).toEqual([documentTag('carroll-alice'), documentTag('news 1')]);
    // Every reading page that could name the file: a cached 404 of a name imported later goes too.
    expect(pages).toEqual([
      '/Article/carroll-alice',
      '/NewsArticle/carroll-alice',
      '/ShortStoryArticle/carroll-alice',
      '/readingArticle/carroll-alice',
      '/Article/news%201',
      '/NewsArticle/news%201',
      '/ShortStoryArticle/news%201',
      '/readingArticle/news%201',
    ]);
  });

  it('refuses a caller without the secret or with another, and expires nothing', async () => {
    for (const auth of [undefined, 'Bearer wrong', 'Bearer s3cret2', 's3cret', 'Bearer ']) {
      const { answer, expired, pages } = await run(post({ filenames: ['x'] }, auth), 's3cret');
      expect(answer.status, String(auth)).toBe(401);
      expect([...expired, ...pages]).toEqual([]);
    }
  });

  it('does not exist while no secret is configured', async () => {
    for (const secret of [undefined, '']) {
      const { answer, expired } = await run(post({ filenames: ['x'] }, 'Bearer '), secret);
      expect(answer.status).toBe(404);
      expect(expired).toEqual([]);
    }
  });

  it('refuses a body that names no documents', async () => {
    for (const body of ['not json', {}, { filenames: [] }, { filenames: [''] }, { filenames: ['x'.repeat(201)] }]) {
      const { answer, expired } = await run(post(body, 'Bearer s3cret'), 's3cret');
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(expired).toEqual([]);
    }
  });
});
