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
  '/myBook/',
  '/uploadBook',
] as const;

/**
 * The robots.txt of the site at `origin`. It names /sitemap.xml, which is the whole site's
 * sitemap or, once the site outgrows one, the index of the numbered ones.
 */
export function robotsFor(origin: string): MetadataRoute.Robots {
  const base = origin.replace(/\/+$/, '');
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: [...disallowedPaths] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
