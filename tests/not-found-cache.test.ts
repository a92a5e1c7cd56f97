import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentLibrary } from '../upstream/reading/library';
import { startStack, type Stack } from './support/stack';

/*
 * A reading page whose document is not in the library yet (a news article to be published later)
 * answers 404 against the production build, and no cache may keep that 404 for long: the page
 * must be found as soon as the document is imported. Next sends its built not-found page as
 * cacheable for a year (s-maxage=31536000), and a 404 the page renders itself as cacheable for
 * the reading pages' hour; a CDN in front of the site would go on answering 404.
 */

// Next's caches live in .next/cache and outlive the run: names of this run's own.
const run = Date.now().toString(36);
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.stop());

function importNews(filename: string, title: string) {
  const library = createContentLibrary({ db: stack.upstream.db, log: () => {}, now: () => new Date(stack.clock.now) });
  return library.importDocument({
    category: 'news',
    filename,
    title,
    source: 'written for the tests',
    licence: 'CC0',
    text: 'The council opened the new bridge on Monday. Hundreds of people walked across it.',
  });
}

const titleOf = (html: string) => /data-testid="article-title"[^>]*>([^<]*)</.exec(html)?.[1];

/** The seconds a shared cache may keep an answer fresh, by its Cache-Control (0 when it may not store it). */
function sharedLifetime(cacheControl: string | null): number {
  if (!cacheControl || /\b(no-store|private)\b/.test(cacheControl)) return 0;
  const seconds = /\bs-maxage=(\d+)/.exec(cacheControl) ?? /\bmax-age=(\d+)/.exec(cacheControl);
  // No lifetime given: a cache may guess one (RFC 9111, 4.2.2), so that counts as long.
  return seconds ? Number(seconds[1]) : Number.POSITIVE_INFINITY;
}

describe('a reading page for a document not imported yet', () => {
  it('answers 404 that no cache stores, and the page as soon as the document is imported', async () => {
    const filename = `later-news-${run}`;
    const path = `/NewsArticle/${filename}`;
    // The document's HTML and the client router's payload of it (a navigation from a list).
    for (const headers of [{}, { rsc: '1' }, {}] as Record<string, string>[]) {
      const answer = await fetch(stack.next.url + path, { headers });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    // The content call and retrieve_file of the same name: answers no cache keeps either.
    const content = await fetch(`${stack.next.url}/api/news/${filename}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.next.url },
      body: '{}',
    });
    expect(content.status).toBe(404);
    expect(sharedLifetime(content.headers.get('cache-control'))).toBe(0);
    const retrieved = await fetch(`${stack.next.url}/api/retrieve_file?category=news&filename=${filename}`);
    expect(retrieved.status).toBe(404);
    expect(sharedLifetime(retrieved.headers.get('cache-control'))).toBe(0);

    await importNews(filename, 'Published Later');
    const page = await fetch(stack.next.url + path);
    expect(page.status).toBe(200);
    expect(titleOf(await page.text())).toBe('Published Later');
  }, 60_000);

  it('stores no answer the page gave when the library could not be asked first, a 404 neither', async () => {
    const filename = `unasked-news-${run}`;
    // The proxy's question fails, so the page renders and finds no document itself.
    stack.fixture.on('/api/has_document', (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: '503', description: '服务繁忙，请稍后再试' }));
    });
    try {
      const answer = await fetch(`${stack.next.url}/NewsArticle/${filename}`);
      expect(answer.status).toBe(404);
      expect(stack.fixture.last('/api/find_document')).toBeDefined();
      // Next itself keeps that rendering a minute at most (lib/bff/article.ts); shared caches not at all.
      expect(answer.headers.get('cache-control')).toBe('no-store');
    } finally {
      stack.fixture.reset();
    }
  }, 60_000);
});
