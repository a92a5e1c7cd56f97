import 'server-only';

/**
 * A sitemap's HTTP answer: the XML, 404 when there is no such sitemap (null), and 503 when the
 * library cannot be read now, so that crawlers come back rather than read an empty site.
 */
export async function xmlAnswer(make: () => Promise<string | null>): Promise<Response> {
  try {
    const xml = await make();
    if (xml === null) return new Response('Not Found', { status: 404 });
    return new Response(xml, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' },
    });
  } catch {
    return new Response('Service Unavailable', { status: 503, headers: { 'Retry-After': '60' } });
  }
}
