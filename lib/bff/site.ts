import 'server-only';
import { bffConfig } from './config';

/**
 * The site's own origin as the browser sees it: SITE_URL when configured, otherwise the Host
 * (or X-Forwarded-Host from the reverse proxy) and protocol of the request.
 */
export function siteOrigin(request: Request): string {
  const fixed = bffConfig().siteUrl;
  if (fixed) return fixed.origin;
  const url = new URL(request.url);
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? request.headers.get('host') ?? url.host;
  const proto = firstValue(request.headers.get('x-forwarded-proto')) ?? url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

/** Cookies get `Secure` whenever the site is served over HTTPS. */
export function isHttps(request: Request): boolean {
  return siteOrigin(request).startsWith('https:');
}

/**
 * The client's address: the last X-Forwarded-For entry, which is the one written by the
 * nearest proxy (nginx, or Next's own server when nothing is in front).
 */
export function clientAddress(request: Request): string {
  const xff = request.headers.get('x-forwarded-for');
  const last = xff
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  return last ?? request.headers.get('x-real-ip') ?? '127.0.0.1';
}

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/**
 * The same origin for code that has the request's headers rather than the request (the sitemap,
 * robots.txt): SITE_URL when configured, otherwise the Host (or X-Forwarded-Host) and protocol.
 */
export function siteOriginFromHeaders(headers: Headers): string {
  const fixed = bffConfig().siteUrl;
  if (fixed) return fixed.origin;
  const host = firstValue(headers.get('x-forwarded-host')) ?? headers.get('host') ?? 'localhost';
  const proto = firstValue(headers.get('x-forwarded-proto')) ?? 'http';
  return `${proto}://${host}`;
}

/**
 * The origin written into pages that are rendered once for every reader (the reading pages'
 * canonical URL, Open Graph and JSON-LD), which no single request may decide: SITE_URL, or this
 * server's own address (http://localhost:PORT) on a machine where it is not set.
 */
export function cachedPageOrigin(): string {
  return bffConfig().siteUrl?.origin ?? `http://localhost:${process.env.PORT || '3000'}`;
}
