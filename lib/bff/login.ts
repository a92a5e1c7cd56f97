import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { calls, okStatus, type CallName, type CallRequest, type PageLogin, type UserInfo } from '@/lib/contract';
import { REFERRER_COOKIE } from '@/lib/routes/navigation';
import { upstreamIdentity, type UpstreamIdentity } from './auth';
import { JSON_BODY_LIMIT, parseJsonObject, readBody } from './body';
import { bffErrors, BffError } from './errors';
import { checkSameOrigin, rememberVisitor, relayAnswer, upstreamHeaders, visitorIdOf } from './forward';
import { isHttps } from './site';
import { clearSessionCookie, setSessionCookie, type SessionData } from './session';
import { dataOf, readUpstream } from './reader';
import { callUpstream } from './upstream';

/**
 * The calls that answer a login token: the logins, and bind_account, after which the user is
 * somebody else (the account they joined) and the session must change with them.
 */
export type LoginCall = Extract<
  CallName,
  'email_login' | 'sms_login' | 'get_wechat_access_token' | 'password_login' | 'bind_account'
>;

/** A login made by a logged-in user: the upstream must see who asks. */
const asTheUser = new Set<LoginCall>(['bind_account']);

/**
 * Runs one of the upstream's login calls and, on success, reads the user's account so that the
 * session holds everything the pages show. The token never leaves the server. A refused login
 * throws the upstream's refusal (`BffError.upstreamAnswer`), which the browser gets as it came.
 * `identity` is who asks, for the calls a logged-in user makes (bind_account).
 */
export async function loginWithUpstream(
  request: NextRequest,
  call: LoginCall,
  fields: Record<string, unknown>,
  identity: UpstreamIdentity = { session: null },
): Promise<SessionData> {
  const referrer = request.cookies.get(REFERRER_COOKIE)?.value;
  const body = { ...fields };
  if (referrer && body.share_account === undefined && !asTheUser.has(call)) body.share_account = referrer;

  // The upstream limits login codes and passwords by address and visitor: it must see the browser's.
  const headers = upstreamHeaders(request, identity, visitorIdOf(request));
  const token = await readUpstream(call, body as CallRequest<LoginCall>, {
    headers,
    identity,
    signal: request.signal,
    reshape: (answer) => {
      if (!answer.data) throw bffErrors.refused(200, answer);
      return answer.data.token;
    },
  });

  let user: UserInfo;
  try {
    user = await readUpstream(
      'get_user_info',
      {},
      {
        headers: upstreamHeaders(request, { session: null }, visitorIdOf(request)),
        identity: { authorization: `Bearer ${token}` },
        signal: request.signal,
        reshape: dataOf,
      },
    );
  } catch (error) {
    // The upstream refusing the token it has just issued is its fault, not the user's.
    if (error instanceof BffError && error.upstreamAnswer) throw bffErrors.badUpstream();
    throw error;
  }
  return {
    token,
    user: {
      account: user.account,
      nickname: user.nickname,
      headimgurl: user.headimgurl,
      isVip: user.vip_info.is_vip_now,
    },
  };
}

/**
 * `POST /api/email_login`, `/api/sms_login`, `/api/password_login`, `/api/get_wechat_access_token` and
 * `/api/bind_account` (which answers a login to the account the user joined: the session is
 * replaced, as the upstream has ended the one of the WeChat account).
 */
export async function handleLoginCall(request: NextRequest, call: LoginCall): Promise<Response> {
  checkSameOrigin(request);
  const fields = parseJsonObject(await readBody(request, JSON_BODY_LIMIT));
  const identity = asTheUser.has(call) ? await upstreamIdentity(request) : undefined;
  const session = await loginWithUpstream(request, call, fields, identity);
  const { user } = session;
  const answer: PageLogin = {
    status: okStatus,
    data: { nickname: user.nickname, headimgurl: user.headimgurl, account: user.account, is_vip_now: user.isVip },
  };
  const response = NextResponse.json(answer);
  await setSessionCookie(response, session, isHttps(request));
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
      headers: { ...upstreamHeaders(request, identity, visitor), 'content-type': 'application/json' },
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
