import 'server-only';
import { NextResponse } from 'next/server';
import { siteOrigin } from './site';
import type { UpstreamAnswer } from './upstream';

/**
 * A sandbox page's form (WeChat's authorise page, its H5 pay page) answered by sending the
 * browser back to the site: followed only to `pathname` on the site's own origin, as WeChat
 * returns only to the app's registered domain; anywhere else is refused. Undefined when the
 * answer is not a redirect (a page to relay).
 */
export function sandboxReturn(answer: UpstreamAnswer, request: Request, pathname: string): Response | undefined {
  const location = answer.headers.location;
  if (answer.statusCode < 300 || answer.statusCode >= 400 || typeof location !== 'string') return undefined;
  answer.body.resume();
  const target = new URL(location, siteOrigin(request));
  if (target.origin !== siteOrigin(request) || target.pathname !== pathname) {
    return NextResponse.json({ status: '400', description: '回调地址无效' }, { status: 400 });
  }
  return NextResponse.redirect(target, 303);
}
