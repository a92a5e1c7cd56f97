import type { MetadataRoute } from 'next';
import { headers } from 'next/headers';
import { currentSitemapCount, documentSitemap, pageSitemap } from '@/lib/bff/site-map';
import { siteOriginFromHeaders } from '@/lib/bff/site';

// Read from the library on every request (kept a minute in the process): never frozen at build.
export const dynamic = 'force-dynamic';

/**
 * /sitemap/0.xml (the pages) and /sitemap/1.xml… (the documents, at most 50,000 each), all named
 * in robots.txt. When the library cannot be counted (the build has no upstream), only the pages'
 * sitemap is known; the documents' ones are asked for again on each request.
 */
export async function generateSitemaps(): Promise<{ id: number }[]> {
  let count = 1;
  try {
    count = await currentSitemapCount();
  } catch {
    // The pages' sitemap still answers.
  }
  return Array.from({ length: count }, (_, id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const origin = siteOriginFromHeaders(await headers());
  const which = Number(await id);
  return which === 0 ? pageSitemap(origin) : documentSitemap(origin, which);
}
