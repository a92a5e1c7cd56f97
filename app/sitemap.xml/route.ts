import { rootSitemap } from '@/lib/bff/site-map';
import { siteOrigin } from '@/lib/bff/site';
import { xmlAnswer } from '@/lib/bff/sitemap-answer';

// Read from the library on every request (its lists are kept a minute in the process).
export const dynamic = 'force-dynamic';

/** /sitemap.xml: the whole site, or an index of the numbered sitemaps once it outgrows one. */
export async function GET(request: Request): Promise<Response> {
  return xmlAnswer(() => rootSitemap(siteOrigin(request)));
}
