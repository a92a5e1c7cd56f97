import 'server-only';
import { clientModeOf } from '@/lib/contract/client-mode';
import { bffConfig } from './config';
import { openSession, SESSION_COOKIE, type SessionData } from './session';

/** What the identity is read from: a route handler's request, or a server component's headers and cookies. */
export interface IdentitySource {
  headers: { get(name: string): string | null };
  cookies: { get(name: string): { value: string } | undefined };
}

/** The embedded native app announces itself in the user agent (spec section 6). */
export function isAppRequest(request: Pick<IdentitySource, 'headers'>): boolean {
  return clientModeOf(request.headers.get('user-agent') ?? '').isApp;
}

export interface UpstreamIdentity {
  /** The Authorization header to send upstream, if any. */
  authorization?: string;
  /** In the embedded-app mode, the raw cookie header of the app's web view. */
  appCookie?: string;
  /** The site's own session, when the Authorization came from it. */
  session: SessionData | null;
}

/**
 * Decides who the upstream sees:
 *  1. the embedded native app: its session cookie's value is the Authorization, and the raw
 *     cookie goes along in X-App-Cookie (spec section 6);
 *  2. a client that sends its own bearer (the native app's direct calls) is honoured;
 *  3. otherwise the token in the site's session cookie.
 */
export async function upstreamIdentity(request: IdentitySource): Promise<UpstreamIdentity> {
  if (isAppRequest(request)) {
    const appToken = request.cookies.get(bffConfig().appSessionCookie)?.value;
    if (appToken) {
      return {
        authorization: /^bearer /i.test(appToken) ? appToken : `Bearer ${appToken}`,
        appCookie: request.headers.get('cookie') ?? undefined,
        session: null,
      };
    }
  }
  const own = request.headers.get('authorization');
  if (own && /^bearer \S+/i.test(own)) return { authorization: own, session: null };
  const session = await openSession(request.cookies.get(SESSION_COOKIE)?.value);
  return session ? { authorization: `Bearer ${session.token}`, session } : { session: null };
}
