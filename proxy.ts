import { NextResponse, type NextRequest } from 'next/server';
import { finishWechatLogin } from '@/lib/bff/oauth';
import { readingPageHasDocument } from '@/lib/bff/document-exists';
import { isHttps } from '@/lib/bff/site';
import { openSession, SESSION_COOKIE } from '@/lib/bff/session';
import { isKnownProduct } from '@/lib/reading/categories';
import { articleFileName, isArticlePage } from '@/lib/routes/article-routes';
import { REFERRER_COOKIE, SHARE_PARAM } from '@/lib/routes/navigation';
import { NOT_FOUND_PATH, resolvePath } from '@/lib/routes/route-table';

const REFERRER_MAX_AGE = 30 * 24 * 3600;
/**
 * Next's own route for unmatched paths. notFound() thrown by a page gets a 404 whose HTML body is
 * empty until the browser renders it (vercel/next.js#62228); this route is fully server-rendered.
 */
const RENDERED_NOT_FOUND = '/_not-found';
/** How the proxy's 404 answers may be kept: not at all (see `proxy`). */
const NOT_FOUND_CACHE_CONTROL = 'no-store';

/**
 * Runs before every page (not /api, not static files):
 *  - `/Login?code=…` is WeChat coming back: the code is exchanged here, on the server;
 *  - (a logged-in user's page URL carries `share_account=<their own account>` (spec section 6):
 *    the page adds it in the browser, components/shell/share-account-sync.tsx, so that a page is
 *    never a redirect away);
 *  - an arriving `share_account` of someone else is remembered for the login exchange;
 *  - the route table's forwards happen here, before anything renders (see `forward`);
 *  - /NotFound, a `/{product}` that names no product, and a reading page whose file is not in
 *    the library (lib/bff/document-exists.ts) are answered by the not-found page, server-rendered,
 *    with 404 and never stored (the document may be imported a moment later).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { nextUrl } = request;
  if (nextUrl.pathname.startsWith('/api/')) return checkApiPath(nextUrl.pathname);
  if (nextUrl.pathname === '/Login' && nextUrl.searchParams.has('code')) return finishWechatLogin(request);
  const resolution = resolvePath(nextUrl.pathname);
  if (resolution.kind === 'redirect') return forward(nextUrl, resolution.to);

  const arriving = nextUrl.searchParams.get(SHARE_PARAM);
  const unknownProduct =
    resolution.kind === 'page' && resolution.route.name === 'index' && !isKnownProduct(resolution.params.product);
  const hasDocument =
    resolution.kind === 'page' && isArticlePage(resolution.route.name)
      ? await readingPageHasDocument(resolution.route.name, articleFileName(resolution.params.fileName))
      : undefined;
  const unknownDocument = hasDocument === 'no';
  const notFound = nextUrl.pathname === NOT_FOUND_PATH || unknownProduct || unknownDocument;
  const response = notFound ? NextResponse.rewrite(new URL(RENDERED_NOT_FOUND, nextUrl)) : NextResponse.next();
  // The not-found page is rendered at build, and Next sends a built page as cacheable for a year
  // (s-maxage=31536000): a CDN would go on answering 404 for a document imported (a news article
  // published) a minute later. A 404 is not stored. Next keeps a Cache-Control set here; when it
  // serves the rewrite by requesting /_not-found from itself (a rewrite whose origin is not the
  // request's, e.g. localhost for 127.0.0.1), that request comes through here too and takes the
  // header on its own answer, which becomes the reader's.
  // When the library could not be asked, the page finds out itself and may answer 404 (kept by
  // Next a minute at most, lib/bff/article.ts): that answer, whatever it is, is not stored either.
  if (notFound || nextUrl.pathname === RENDERED_NOT_FOUND || hasDocument === 'unknown')
    response.headers.set('cache-control', NOT_FOUND_CACHE_CONTROL);
  // Only another's account is remembered: the own one is on every page of a logged-in user.
  const own = arriving ? (await openSession(request.cookies.get(SESSION_COOKIE)?.value))?.user.account : undefined;
  if (arriving && arriving !== own && /^[\w-]{1,64}$/.test(arriving)) {
    // Readable by the page so that the stored config can mirror it (spec section 6).
    response.cookies.set(REFERRER_COOKIE, arriving, {
      sameSite: 'lax',
      secure: isHttps(request),
      path: '/',
      maxAge: REFERRER_MAX_AGE,
    });
  }
  return response;
}

/**
 * A route-table forward with the query kept: `/zhenti` has moved for good (308, so search engines
 * carry it over); an unknown course-book category goes to /NotFound only for now (307: the
 * category may exist later).
 */
function forward(nextUrl: NextRequest['nextUrl'], to: string): NextResponse {
  const url = nextUrl.clone();
  url.pathname = to;
  return NextResponse.redirect(url, to === NOT_FOUND_PATH ? 307 : 308);
}

/**
 * Next decodes the catch-all segments of /api/* before the route handler runs and fails with a
 * bare 500 on malformed percent-encoding; answer those with the catalogue's 404 JSON instead.
 */
function checkApiPath(pathname: string): NextResponse {
  try {
    decodeURIComponent(pathname);
    return NextResponse.next();
  } catch {
    return NextResponse.json({ status: '404', description: '访问资源不存在' }, { status: 404 });
  }
}

export const config = {
  matcher: [
    '/((?!api/|_next/|sandbox/|healthz|favicon\\.ico|robots\\.txt|sitemap\\.xml|.*\\.\\w+$).*)',
    // Only API paths with a percent sign, which may be malformed (see checkApiPath).
    '/api/:path(.*%.*)',
  ],
};
