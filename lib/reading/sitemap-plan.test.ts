import { describe, expect, it } from 'vitest';
import { documentEntries, pagesOfSlice, sitemapCount, sitemapSlices } from './sitemap-plan';

const counts = [
  { category: 'classic', total: 3 },
  { category: 'news', total: 0 },
  { category: 'reading', total: 7 },
];

describe('sitemapCount', () => {
  it('is one sitemap of pages when the library is empty', () => {
    expect(sitemapCount([{ category: 'classic', total: 0 }])).toBe(1);
  });

  it('adds a sitemap for every 50,000 documents begun', () => {
    expect(sitemapCount([{ category: 'classic', total: 50_000 }])).toBe(2);
    expect(
      sitemapCount([
        { category: 'classic', total: 30_000 },
        { category: 'news', total: 20_001 },
      ]),
    ).toBe(3);
    expect(sitemapCount([{ category: 'news', total: 120_000 }])).toBe(4);
  });
});

describe('sitemapSlices', () => {
  it('puts every document in exactly one sitemap, in order, across categories', () => {
    const per = 4;
    const n = sitemapCount(counts, per);
    expect(n).toBe(4);
    const seen: string[] = [];
    for (let id = 1; id < n; id++) {
      const slices = sitemapSlices(counts, id, per);
      expect(slices.reduce((s, x) => s + x.limit, 0)).toBeLessThanOrEqual(per);
      for (const s of slices) for (let i = 0; i < s.limit; i++) seen.push(`${s.category}:${s.offset + i}`);
    }
    expect(seen).toEqual(['classic:0', 'classic:1', 'classic:2', ...Array.from({ length: 7 }, (_, i) => `reading:${i}`)]);
  });

  it('splits a category that crosses a sitemap boundary', () => {
    expect(sitemapSlices(counts, 1, 4)).toEqual([
      { category: 'classic', offset: 0, limit: 3 },
      { category: 'reading', offset: 0, limit: 1 },
    ]);
    expect(sitemapSlices(counts, 2, 4)).toEqual([{ category: 'reading', offset: 1, limit: 4 }]);
  });

  it('has nothing for the pages sitemap, a bad id or one past the last', () => {
    expect(sitemapSlices(counts, 0, 4)).toEqual([]);
    expect(sitemapSlices(counts, 1.5, 4)).toEqual([]);
    expect(sitemapSlices(counts, 9, 4)).toEqual([]);
  });

  it('splits 120,000 documents into 50,000, 50,000 and 20,000', () => {
    const big = [{ category: 'news', total: 120_000 }];
    expect([1, 2, 3].map((id) => sitemapSlices(big, id))).toEqual([
      [{ category: 'news', offset: 0, limit: 50_000 }],
      [{ category: 'news', offset: 50_000, limit: 50_000 }],
      [{ category: 'news', offset: 100_000, limit: 20_000 }],
    ]);
  });
});

describe('pagesOfSlice', () => {
  it('reads the pages that hold a slice, trimming the first and the last', () => {
    expect(pagesOfSlice({ offset: 150, limit: 120 }, 100)).toEqual([
      { page: 2, skip: 50, take: 50 },
      { page: 3, skip: 0, take: 70 },
    ]);
  });

  it('reads whole pages for an aligned slice, and nothing for an empty one', () => {
    expect(pagesOfSlice({ offset: 0, limit: 200 }, 100)).toEqual([
      { page: 1, skip: 0, take: 100 },
      { page: 2, skip: 0, take: 100 },
    ]);
    expect(pagesOfSlice({ offset: 5, limit: 0 }, 100)).toEqual([]);
  });
});

describe('documentEntries', () => {
  it('names each reading page once, on the origin, with its date', () => {
    expect(
      documentEntries('https://y.example/', [
        { href: '/readingArticle/a', created_at: '2026-01-01T00:00:00Z' },
        { href: '/readingArticle/a', created_at: '2026-02-01T00:00:00Z' },
        { href: '/Article/b' },
      ]),
    ).toEqual([
      { url: 'https://y.example/readingArticle/a', lastModified: '2026-01-01T00:00:00Z' },
      { url: 'https://y.example/Article/b' },
    ]);
  });
});
