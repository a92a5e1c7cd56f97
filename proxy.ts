import { NextResponse, type NextRequest } from 'next/server';
import { finishWechatLogin } from '@/lib/bff/oauth';
import { isHttps } from '@/lib/bff/site';
import { openSession, SESSION_COOKIE } from '@/lib/bff/session';
import { REFERRER_COOKIE, SHARE_PARAM } from '@/lib/routes/navigation';
import { NOT_FOUND_PATH, resolvePath } from '@/lib/routes/route-table';

const REFERRER_MAX_AGE = 30 * 24 * 3600;
/**
 * Next's own route for unmatched paths. notFound() thrown by a page gets a 404 whose HTML body is
 * empty until the browser renders it (vercel/next.js#62228); this route is fully server-rendered.
 */
const RENDERED_NOT_FOUND = '/_not-found';

/**
 * Runs before every page (not /api, not static files):
 *  - `/Login?code=…` is WeChat coming back: the code is exchanged here, on the server;
 *  - a logged-in user's page URL carries `share_account=<their own account>` (spec section 6):
 *    document loads are redirected once; client navigations keep it without a reload
 *    (components/shell/share-account-sync.tsx);
 *  - an arriving `share_account` of someone else is remembered for the login exchange;
 *  - the route table's forwards happen here, before anything renders (see `forward`);
 *  - /NotFound is answered by the not-found page, server-rendered, with 404.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { nextUrl } = request;
  if (nextUrl.pathname.startsWith('/api/')) return checkApiPath(nextUrl.pathname);
  if (nextUrl.pathname === '/Login' && nextUrl.searchParams.has('code')) return finishWechatLogin(request);
  const resolution = resolvePath(nextUrl.pathname);
  if (resolution.kind === 'redirect') return forward(nextUrl, resolution.to);

  const session = await openSession(request.cookies.get(SESSION_COOKIE)?.value);
  const own = session?.user.account;
  const arriving = nextUrl.searchParams.get(SHARE_PARAM);

  let response: NextResponse;
  if (own && arriving !== own && request.method === 'GET' && isDocumentRequest(request)) {
    const url = nextUrl.clone();
    url.searchParams.set(SHARE_PARAM, own);
    response = NextResponse.redirect(url, 307);
  } else {
    response =
      nextUrl.pathname === NOT_FOUND_PATH ? NextResponse.rewrite(new URL(RENDERED_NOT_FOUND, nextUrl)) : NextResponse.next();
  }
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
 * category may exist later). The share_account redirect, if any, follows on the next request.
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

/**
 * A full page load, as opposed to the router's RSC fetches and prefetches. Browsers say so in
 * Sec-Fetch-Dest; the router's own headers are checked too where Next leaves them visible.
 */
function isDocumentRequest(request: NextRequest): boolean {
  if (request.headers.has('rsc') || request.headers.has('next-router-prefetch')) return false;
  const dest = request.headers.get('sec-fetch-dest');
  return dest === null || dest === 'document';
}

export const config = {
  matcher: [
    '/((?!api/|_next/|sandbox/|healthz|favicon\\.ico|robots\\.txt|sitemap\\.xml|.*\\.\\w+$).*)',
    // Only API paths with a percent sign, which may be malformed (see checkApiPath).
    '/api/:path(.*%.*)',
  ],
};
