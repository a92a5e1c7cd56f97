import type { MetadataRoute } from 'next';
import { headers } from 'next/headers';
import { currentSitemapCount } from '@/lib/bff/site-map';
import { siteOriginFromHeaders } from '@/lib/bff/site';
import { robotsFor } from '@/lib/reading/robots';

export const dynamic = 'force-dynamic';

/** robots.txt: what crawlers may read (lib/reading/robots) and every sitemap by address. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = siteOriginFromHeaders(await headers());
  let sitemaps = 1;
  try {
    sitemaps = await currentSitemapCount();
  } catch {
    // The library cannot be counted now: the pages' sitemap at least.
  }
  return robotsFor(origin, sitemaps);
}
