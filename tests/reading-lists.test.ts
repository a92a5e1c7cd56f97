import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentSummary } from '../lib/contract/calls/reading';
import { startUpstreamChain, type UpstreamChain } from './support/stack';

/*
 * The server side of the reading lists, the sitemaps and the chapters over real HTTP, against a
 * made-up library answered by the fixture: what the pages read and how the sitemap walks the
 * library page by page.
 */
let chain: UpstreamChain;
let lists: typeof import('../lib/bff/reading-lists');
let siteMap: typeof import('../lib/bff/site-map');
let reader: typeof import('../lib/bff/reader');

beforeAll(async () => {
  chain = await startUpstreamChain();
  // Stubbed, and given back after the file: the worker goes on to other files (vitest.config.ts:
  // the stack shares its workers' modules).
  vi.stubEnv('UPSTREAM_URL', chain.fixture.url);
  vi.stubEnv('SESSION_SECRET', 'test-secret-that-is-long-enough-for-iron-session');
  lists = await import('../lib/bff/reading-lists');
  siteMap = await import('../lib/bff/site-map');
  reader = await import('../lib/bff/reader');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await chain?.stop();
});
afterEach(() => {
  chain.fixture.reset();
  reader.clearReadCache();
});

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function doc(category: DocumentSummary['category'], filename: string, sub: string | null = null): DocumentSummary {
  return {
    category,
    sub_category: sub,
    filename,
    title: `Title ${filename}`,
    year: null,
    source: 'test',
    licence: 'CC0',
    level: 1,
    level_label: '入门',
    word_count: 100,
    profile: { zk: 0, gk: 0, cet4: 0, cet6: 0, ky: 0, ielts: 0 },
    excerpt: 'An opening sentence.',
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

/** A library of `sizes` documents per category, answered page by page as the upstream would. */
function serveLibrary(library: Partial<Record<DocumentSummary['category'], DocumentSummary[]>>) {
  chain.fixture.on('/api/query_filenames', (_req, res, body) => {
    const { category, sub_category, page = 1, page_size = 20 } = JSON.parse(body.toString());
    const all = (library[category as DocumentSummary['category']] ?? []).filter(
      (d) => sub_category === undefined || d.sub_category === sub_category,
    );
    const documents = all.slice((page - 1) * page_size, page * page_size);
    answer(res, 200, { status: 'OK', data: { documents, total: all.length, page, page_size } });
  });
  chain.fixture.on('/api/query_subcategory', (_req, res, body) => {
    const { category } = JSON.parse(body.toString());
    const docs = library[category as DocumentSummary['category']] ?? [];
    const subs = [...new Set(docs.map((d) => d.sub_category).filter((s): s is string => !!s))];
    answer(res, 200, {
      status: 'OK',
      data: {
        category,
        sub_categories: subs.map((s) => ({ sub_category: s, documents: docs.filter((d) => d.sub_category === s).length })),
        without_sub_category: docs.filter((d) => !d.sub_category).length,
      },
    });
  });
}

describe('the sitemaps', () => {
  it('list the pages, the sub-categories and every document once, by its reading page', async () => {
    serveLibrary({
      classic: [doc('classic', 'alice'), doc('classic', 'persuasion')],
      reading: [doc('reading', 'shared', 'Level 1'), doc('reading', 'r2', 'Level 1')],
      // The same file as a listening text is read on the same page: one URL.
      listening: [doc('listening', 'shared')],
      news: [doc('news', 'n1')],
    });
    expect(await siteMap.currentSitemapCount()).toBe(2);

    const pages = (await siteMap.pageSitemap('https://y.example')).map((e) => e.url);
    expect(pages).toContain('https://y.example/');
    expect(pages).toContain('https://y.example/classic');
    expect(pages).toContain('https://y.example/ReadNewsList');
    expect(pages).toContain('https://y.example/topicList/reading/Level%201');
    expect(pages).not.toContain('https://y.example/me');

    const documents = (await siteMap.documentSitemap('https://y.example', 1)).map((e) => e.url);
    expect(documents.sort()).toEqual(
      [
        'https://y.example/Article/alice',
        'https://y.example/Article/persuasion',
        'https://y.example/NewsArticle/n1',
        'https://y.example/readingArticle/r2',
        'https://y.example/readingArticle/shared',
      ].sort(),
    );
    expect(await siteMap.documentSitemap('https://y.example', 2)).toEqual([]);
    expect(await siteMap.numberedSitemap('https://y.example', 1)).toContain('<loc>https://y.example/NewsArticle/n1</loc>');
    expect(await siteMap.numberedSitemap('https://y.example', 2)).toBeNull();

    // The site fits in one sitemap, so /sitemap.xml is that sitemap rather than an index.
    const root = await siteMap.rootSitemap('https://y.example');
    expect(root).toContain('<urlset');
    expect(root).toContain('<loc>https://y.example/Article/alice</loc>');
    expect(root).toContain('<loc>https://y.example/classic</loc>');
  });

  it('make /sitemap.xml an index once the documents fill more than one sitemap', async () => {
    serveLibrary({ news: [doc('news', 'n1')] });
    chain.fixture.on('/api/query_filenames', (_req, res, body) => {
      const { page, page_size } = JSON.parse(body.toString());
      answer(res, 200, { status: 'OK', data: { documents: [], total: 120_000, page, page_size } });
    });
    const root = await siteMap.rootSitemap('https://y.example');
    expect(root).toContain('<sitemapindex');
    expect(root.match(/<loc>https:\/\/y\.example\/sitemap\/\d\.xml<\/loc>/g)?.length).toBeGreaterThan(3);
  });

  it('read a big category a hundred at a time', async () => {
    serveLibrary({ news: Array.from({ length: 250 }, (_, i) => doc('news', `n${i}`)) });
    const documents = await siteMap.documentSitemap('https://y.example', 1);
    expect(documents).toHaveLength(250);
    expect(documents[249].url).toBe('https://y.example/NewsArticle/n249');
    const reads = chain.fixture.seen
      .filter((r) => r.url === '/api/query_filenames')
      .map((r) => JSON.parse(r.body.toString()))
      .filter((q) => q.category === 'news' && q.page_size === 100);
    expect(reads.map((q) => q.page)).toEqual([1, 2, 3]);
  });
});

describe('a book’s chapters', () => {
  it('are found in the first category that holds the file; null when none does', async () => {
    chain.fixture.on('/api/query_chapters', (_req, res, body) => {
      const { category, filename } = JSON.parse(body.toString());
      if (category !== 'classic' || filename !== 'alice')
        return answer(res, 404, { status: '404', description: '访问资源不存在' });
      answer(res, 200, {
        status: 'OK',
        data: {
          category,
          sub_category: null,
          filename,
          title: 'Alice',
          chapters: [{ number: 1, title: 'Down', paragraph: 0, sentence_id: 9 }],
        },
      });
    });
    const book = await lists.bookChapters('alice', ['reading', 'classic', 'bookworm']);
    expect(book?.category).toBe('classic');
    expect(book?.chapters[0].sentence_id).toBe(9);
    expect(await lists.bookChapters('nobody', ['reading', 'classic'])).toBeNull();
  });

  it('tell an unreachable library from a missing book', async () => {
    chain.fixture.on('/api/query_chapters', (_req, res) => answer(res, 500, { status: '500', description: 'broken' }));
    const error = await lists.bookChapters('alice', ['classic']).catch((e: unknown) => e);
    expect((await import('../lib/bff/errors')).isUnavailable(error)).toBe(true);
  });
});
