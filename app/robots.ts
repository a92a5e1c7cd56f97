import type { MetadataRoute } from 'next';
import { headers } from 'next/headers';
import { siteOriginFromHeaders } from '@/lib/bff/site';
import { robotsFor } from '@/lib/reading/robots';

export const dynamic = 'force-dynamic';

/** robots.txt: what crawlers may read (lib/reading/robots) and where the sitemap is. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  return robotsFor(siteOriginFromHeaders(await headers()));
}
