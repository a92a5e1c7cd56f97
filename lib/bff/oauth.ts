import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { bffConfig } from './config';
import { loginWithUpstream } from './login';
import { FLASH_COOKIE, RETURN_COOKIE, safeReturnPath, type FlashKey } from '@/lib/routes/navigation';
import { upstreamIdentity } from './auth';
import { upstreamHeaders, visitorIdOf } from './forward';
import { readUpstream } from './reader';
import { isHttps, siteOrigin } from './site';
import { clearSessionCookie, setSessionCookie, type SessionData } from './session';
import { BffError } from './errors';

/** The OAuth `state` nonce, checked when WeChat sends the user back. */
export const OAUTH_STATE_COOKIE = 'yj_oauth_state';

export type WechatClientType = 'pc' | 'inside_wechat';

/**
 * WeChat's authorise URL: the website QR login (snsapi_login) on desktop, the official-account
 * login (snsapi_userinfo) inside WeChat. Without an app id configured, the embedded upstream's
 * sandbox authorise page stands in.
 */
export function wechatAuthorizeUrl(request: Request, clientType: WechatClientType, state: string): string {
  const { openAppId, mpAppId } = bffConfig().wechat;
  const appId = clientType === 'pc' ? openAppId : mpAppId;
  const origin = siteOrigin(request);
  const params = new URLSearchParams({
    appid: appId ?? 'sandbox',
    redirect_uri: `${origin}/Login?client_type=${clientType}`,
    response_type: 'code',
    scope: clientType === 'pc' ? 'snsapi_login' : 'snsapi_userinfo',
    state,
  });
  if (!appId) return `${origin}/sandbox/wechat/authorize?${params}`;
  const base =
    clientType === 'pc' ? 'https://open.weixin.qq.com/connect/qrconnect' : 'https://open.weixin.qq.com/connect/oauth2/authorize';
  return `${base}?${params}#wechat_redirect`;
}

/**
 * The start of a `state` that asks for binding (bind_wechat) rather than a login. It is part of
 * the state this browser's cookie holds, so it cannot be added to somebody else's return.
 */
const BIND_PREFIX = 'bind';
/** Where binding WeChat starts and ends: the learner's profile. */
const PROFILE_PATH = '/Profil';

/**
 * `GET /Login/wechat?client_type=&back=`: remembers where to return and goes to WeChat.
 * With `mode=bind` (from /Profil) the return binds WeChat to the logged-in account instead.
 */
export function startWechatLogin(request: NextRequest): NextResponse {
  const url = new URL(request.url);
  const clientType: WechatClientType = url.searchParams.get('client_type') === 'inside_wechat' ? 'inside_wechat' : 'pc';
  const binding = url.searchParams.get('mode') === 'bind';
  // WeChat allows only [a-zA-Z0-9] in state, at most 128 bytes.
  const state = `${binding ? BIND_PREFIX : ''}${randomBytes(16).toString('hex')}`;
  const response = NextResponse.redirect(wechatAuthorizeUrl(request, clientType, state), 302);
  const secure = isHttps(request);
  response.cookies.set(OAUTH_STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 600 });
  const back = url.searchParams.get('back');
  if (back) response.cookies.set(RETURN_COOKIE, safeReturnPath(back), { sameSite: 'lax', secure, path: '/', maxAge: 600 });
  return response;
}

/**
 * `/Login?code=&client_type=&state=`: WeChat sends the user back here. The code is exchanged on
 * the server, the session is kept, and the user returns to the remembered route (or `/`); on
 * any failure the user lands on `/` with the '登录失败' toast.
 */
export async function finishWechatLogin(request: NextRequest): Promise<NextResponse> {
  const url = new URL(request.url);
  const code = url.searchParams.get('code') ?? '';
  const clientType = url.searchParams.get('client_type') === 'inside_wechat' ? 'inside_wechat' : 'pc';
  const state = url.searchParams.get('state') ?? '';
  const expectedState = request.cookies.get(OAUTH_STATE_COOKIE)?.value;
  const secure = isHttps(request);
  const origin = siteOrigin(request);

  // Only a login this browser started may finish here: without that, anyone could send a victim
  // a link with a code of their own and log the victim into the attacker's account (login CSRF).
  const started = code !== '' && sameState(expectedState, state);
  if (started && state.startsWith(BIND_PREFIX)) return finishBinding(request, code, clientType);

  let session: SessionData | null = null;
  if (started) {
    try {
      session = await loginWithUpstream(request, 'get_wechat_access_token', { code, client_type: clientType, state });
    } catch (error) {
      if (!(error instanceof BffError)) throw error;
      console.warn('[bff] WeChat login failed:', error.description);
    }
  }

  const target = session ? safeReturnPath(request.cookies.get(RETURN_COOKIE)?.value) : '/';
  const response = NextResponse.redirect(new URL(target, origin), 303);
  response.cookies.delete(OAUTH_STATE_COOKIE);
  response.cookies.delete(RETURN_COOKIE);
  if (session) await setSessionCookie(response, session, secure);
  else response.cookies.set(FLASH_COOKIE, 'login_failed', { sameSite: 'lax', secure, path: '/', maxAge: 60 });
  return response;
}

/** What the upstream's refusals of bind_wechat tell the learner back on /Profil. */
const bindRefusals: Partial<Record<string, FlashKey>> = {
  wechat_taken: 'wechat_taken',
  already_bound: 'wechat_already_bound',
};

/**
 * The return of a binding started on /Profil: the code is bound to the logged-in account
 * (bind_wechat), and the learner goes back to /Profil with the outcome as a one-shot message.
 */
async function finishBinding(request: NextRequest, code: string, clientType: WechatClientType): Promise<NextResponse> {
  const identity = await upstreamIdentity(request);
  let flash: FlashKey = 'wechat_bound';
  let sessionEnded = false;
  try {
    await readUpstream(
      'bind_wechat',
      { code, client_type: clientType },
      { headers: upstreamHeaders(request, identity, visitorIdOf(request)), identity, signal: request.signal },
    );
  } catch (error) {
    if (!(error instanceof BffError)) throw error;
    console.warn('[bff] WeChat binding failed:', error.description);
    flash = bindRefusals[error.status] ?? 'wechat_bind_failed';
    sessionEnded = error.httpStatus === 401 && identity.session !== null;
  }
  const secure = isHttps(request);
  const response = NextResponse.redirect(new URL(PROFILE_PATH, siteOrigin(request)), 303);
  response.cookies.delete(OAUTH_STATE_COOKIE);
  response.cookies.delete(RETURN_COOKIE);
  if (sessionEnded) clearSessionCookie(response, secure);
  response.cookies.set(FLASH_COOKIE, flash, { sameSite: 'lax', secure, path: '/', maxAge: 60 });
  return response;
}

/** The state WeChat returned is the one this browser's cookie holds, and neither is empty. */
function sameState(expected: string | undefined, returned: string): boolean {
  if (!expected || !returned) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(returned);
  return a.length === b.length && timingSafeEqual(a, b);
}
