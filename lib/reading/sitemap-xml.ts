/*
 * The sitemap protocol's two documents (sitemaps.org): a `<urlset>` of pages and a
 * `<sitemapindex>` naming other sitemaps. Only /sitemap.xml is written here; the numbered
 * sitemaps are Next's metadata routes (app/sitemap.ts).
 */

export interface SitemapUrl {
  url: string;
  lastModified?: string | Date;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Text escaped for an XML element: & < > and the quotes, as the protocol asks of URLs. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

function entry(tag: 'url' | 'sitemap', { url, lastModified }: SitemapUrl): string {
  const modified = lastModified === undefined ? '' : `<lastmod>${escapeXml(isoDate(lastModified))}</lastmod>`;
  return `<${tag}><loc>${escapeXml(url)}</loc>${modified}</${tag}>\n`;
}

function isoDate(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}

/** A sitemap of pages. */
export function urlsetXml(entries: readonly SitemapUrl[]): string {
  return `${xmlHead}<urlset xmlns="${namespace}">\n${entries.map((e) => entry('url', e)).join('')}</urlset>\n`;
}

/** A sitemap index naming other sitemaps by address. */
export function sitemapIndexXml(sitemaps: readonly string[]): string {
  return `${xmlHead}<sitemapindex xmlns="${namespace}">\n${sitemaps.map((url) => entry('sitemap', { url })).join('')}</sitemapindex>\n`;
}
