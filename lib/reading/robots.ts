import type { MetadataRoute } from 'next';

/*
 * What crawlers may read: the reading side and the tools' public pages, not the BFF, the
 * sandboxes, nor a learner's own pages (login, personal centre, profile, word and sentence
 * books, history, payment result). Rules match by prefix: '/Words' also keeps out
 * '/WordsForCourse'.
 */
export const disallowedPaths = [
  '/api/',
  '/sandbox/',
  '/Admin',
  '/Profil',
  '/Login',
  '/Words',
  '/Sentences',
  '/ContextualDictHistory',
  '/VipFinish',
  '/charge',
] as const;

/** The robots.txt of the site at `origin`, naming its `sitemaps` document sitemaps by address. */
export function robotsFor(origin: string, sitemaps: number): MetadataRoute.Robots {
  const base = origin.replace(/\/+$/, '');
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: [...disallowedPaths] }],
    sitemap: Array.from({ length: Math.max(1, sitemaps) }, (_, id) => `${base}/sitemap/${id}.xml`),
    host: base,
  };
}
