import { numberedSitemap } from '@/lib/bff/site-map';
import { siteOrigin } from '@/lib/bff/site';
import { xmlAnswer } from '@/lib/bff/sitemap-answer';

// Read from the library on every request (its lists are kept a minute in the process).
export const dynamic = 'force-dynamic';

/**
 * /sitemap/0.xml (the pages) and /sitemap/1.xml… (the documents, at most 50,000 each), named by
 * the index at /sitemap.xml once the site outgrows one sitemap. A number past the last is 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const match = /^(0|[1-9]\d{0,6})\.xml$/.exec((await params).file);
  if (!match) return new Response('Not Found', { status: 404 });
  return xmlAnswer(() => numberedSitemap(siteOrigin(request), Number(match[1])));
}
