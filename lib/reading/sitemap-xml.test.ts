import { describe, expect, it } from 'vitest';
import { escapeXml, sitemapIndexXml, urlsetXml } from './sitemap-xml';

describe('the sitemap documents', () => {
  it('escape what XML would misread in an address', () => {
    expect(escapeXml(`/topicList/a&b/<"x'>`)).toBe('/topicList/a&amp;b/&lt;&quot;x&apos;&gt;');
  });

  it('write a urlset with ISO dates, leaving out absent ones', () => {
    const xml = urlsetXml([
      { url: 'https://y.example/Article/a&b', lastModified: '2026-01-02 03:04:05Z' },
      { url: 'https://y.example/' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://y.example/Article/a&amp;b</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://y.example/</loc></url>');
  });

  it('write an index naming each sitemap', () => {
    const xml = sitemapIndexXml(['https://y.example/sitemap/0.xml', 'https://y.example/sitemap/1.xml']);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<sitemap><loc>/g)).toHaveLength(2);
    expect(xml).not.toContain('<urlset');
  });
});
