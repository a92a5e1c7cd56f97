import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { calls, okStatus, userInfo, type CallName, type PageLogin } from '@/lib/contract';
import { REFERRER_COOKIE } from '@/lib/routes/navigation';
import { upstreamIdentity } from './auth';
import { JSON_BODY_LIMIT, parseJsonObject, readBody } from './body';
import { bffErrors, BffError } from './errors';
import { checkSameOrigin, rememberVisitor, relayAnswer, upstreamHeaders, visitorIdOf } from './forward';
import { isHttps } from './site';
import { clearSessionCookie, setSessionCookie, type SessionData } from './session';
import { callUpstream, readUpstreamJson } from './upstream';


type LoginCall = Extract<CallName, 'email_login' | 'get_wechat_access_token'>;

export type LoginOutcome =
  | { ok: true; session: SessionData }
  | { ok: false; httpStatus: number; body: Record<string, unknown> };

/**
 * Runs one of the upstream's login calls and, on success, reads the user's account so that the
 * session holds everything the pages show. The token never leaves the server.
 */
export async function loginWithUpstream(
  request: NextRequest,
  call: LoginCall,
  fields: Record<string, unknown>,
): Promise<LoginOutcome> {
  const referrer = request.cookies.get(REFERRER_COOKIE)?.value;
  const body = { ...fields };
  if (referrer && body.share_account === undefined) body.share_account = referrer;

  const visitor = visitorIdOf(request);
  const headers = upstreamHeaders(request, { session: null }, visitor.id);
  headers['content-type'] = 'application/json';
  headers.accept = 'application/json';
  const answer = await callUpstream({
    method: 'POST',
    path: calls[call].path,
    headers,
    body: Buffer.from(JSON.stringify(body)),
    signal: request.signal,
  });
  const json = await readUpstreamJson(answer);
  const parsed = calls[call].response.safeParse(json);
  if (answer.statusCode !== 200 || !parsed.success || parsed.data.status !== okStatus || !parsed.data.data) {
    return { ok: false, httpStatus: answer.statusCode === 200 ? 400 : answer.statusCode, body: json };
  }

  const token = parsed.data.data.token;
  const infoAnswer = await callUpstream({
    method: 'POST',
    path: calls.get_user_info.path,
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: Buffer.from('{}'),
    signal: request.signal,
  });
  const info = calls.get_user_info.response.safeParse(await readUpstreamJson(infoAnswer));
  const user = info.success ? userInfo.safeParse(info.data.data) : null;
  if (!user?.success) throw bffErrors.badUpstream();
  return {
    ok: true,
    session: {
      token,
      user: {
        account: user.data.account,
        nickname: user.data.nickname,
        headimgurl: user.data.headimgurl,
        isVip: user.data.vip_info.is_vip_now,
      },
    },
  };
}

/** `POST /api/email_login` and `POST /api/get_wechat_access_token`. */
export async function handleLoginCall(request: NextRequest, call: LoginCall): Promise<Response> {
  checkSameOrigin(request);
  const fields = parseJsonObject(await readBody(request, JSON_BODY_LIMIT));
  const outcome = await loginWithUpstream(request, call, fields);
  if (!outcome.ok) return NextResponse.json(outcome.body, { status: outcome.httpStatus });
  const { user } = outcome.session;
  const answer: PageLogin = {
    status: okStatus,
    data: { nickname: user.nickname, headimgurl: user.headimgurl, account: user.account, is_vip_now: user.isVip },
  };
  const response = NextResponse.json(answer);
  await setSessionCookie(response, outcome.session, isHttps(request));
  if (request.cookies.has(REFERRER_COOKIE)) response.cookies.delete(REFERRER_COOKIE);
  return response;
}

/**
 * `POST /api/logout`: tells the upstream, and clears the session whatever the upstream says,
 * so that a user can always log out.
 */
export async function handleLogout(request: NextRequest): Promise<Response> {
  checkSameOrigin(request);
  const identity = await upstreamIdentity(request);
  const visitor = visitorIdOf(request);
  let response: NextResponse;
  try {
    const answer = await callUpstream({
      method: 'POST',
      path: calls.logout.path,
      headers: { ...upstreamHeaders(request, identity, visitor.id), 'content-type': 'application/json' },
      body: Buffer.from('{}'),
      signal: request.signal,
    });
    response = relayAnswer(answer, false);
  } catch (error) {
    if (!(error instanceof BffError)) throw error;
    response = NextResponse.json(error.body(), { status: error.httpStatus });
  }
  clearSessionCookie(response, isHttps(request));
  rememberVisitor(response, request, visitor);
  return response;
}
