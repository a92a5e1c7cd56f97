import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, outboxCode as outboxCodeOf, postJson, setCookie, startStack, type Stack } from './support/stack';

// Password login and binding through the BFF: the session follows the login calls, bind_account
// swaps it, and WeChat's return with a bind state binds instead of logging in.
let stack: Stack;
let base: string;
let count = 0;

beforeAll(async () => {
  stack = await startStack();
  base = stack.next.url;
});
afterAll(() => stack?.stop());
afterEach(() => stack.fixture.reset());

const post = (path: string, body?: unknown, headers?: Record<string, string>) => postJson(base, path, body, headers);

const withSession = (line: string | undefined) => ({ cookie: `yj_session=${cookieValue(line)}` });

const outboxCode = (email: string) => outboxCodeOf(stack.upstream.url, email);

/** A user logged in by e-mail through the BFF; answers the session cookie line and the account. */
async function emailUser(password?: string) {
  const email = `pw${++count}-${Date.now()}@example.com`;
  await post('/api/pre_email_login', { email });
  const login = await post('/api/email_login', { email, code: await outboxCode(email) });
  const session = setCookie(login.headers, 'yj_session');
  const { data } = (await login.json()) as { data: { account: string } };
  if (password) expect((await post('/api/set_password', { password }, withSession(session))).status).toBe(200);
  return { email, session, account: data.account };
}

async function userOf(session: string | undefined) {
  const info = await post('/api/get_user_info', {}, withSession(session));
  return { http: info.status, data: ((await info.json()) as { data?: { account: string; nickname: string } }).data };
}

/**
 * WeChat's OAuth round trip through the site for the sandbox person `nickname`, started by
 * `startPath`, with the browser's `cookies`; answers the site's final answer.
 */
async function wechatRoundTrip(nickname: string, startPath: string, cookies: string[] = []) {
  const start = await fetch(base + startPath, { redirect: 'manual', headers: { cookie: cookies.join('; ') } });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const state = authorize.searchParams.get('state')!;
  const jar = [...cookies, ...start.headers.getSetCookie().map((c) => c.split(';')[0])];
  const consent = await fetch(`${base}/sandbox/wechat/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ nickname, redirect_uri: authorize.searchParams.get('redirect_uri')!, state }),
  });
  const callback = new URL(consent.headers.get('location')!);
  return { state, done: await fetch(callback, { redirect: 'manual', headers: { cookie: jar.join('; ') } }) };
}

describe('password_login', () => {
  it('keeps the token in the session and answers the page the user', async () => {
    const { account, email } = await emailUser('a long secret');
    const login = await post('/api/password_login', { account, password: 'a long secret' });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { status: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ status: 'OK', data: { account, nickname: email.split('@')[0] } });
    expect(JSON.stringify(body)).not.toMatch(/token/i);
    const session = setCookie(login.headers, 'yj_session');
    expect(session).toMatch(/HttpOnly/i);
    expect((await userOf(session)).data?.account).toBe(account);
  });

  it('passes the refusal on as it came, with no session', async () => {
    const { email } = await emailUser('a long secret');
    const wrong = await post('/api/password_login', { account: email, password: 'not it' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ status: 'invalid_credentials', description: '账号或密码错误' });
    expect(setCookie(wrong.headers, 'yj_session')).toBeUndefined();
  });

  it('refuses a request from another site', async () => {
    const answer = await post(
      '/api/password_login',
      { account: '12345678', password: 'whatever1' },
      { origin: 'https://evil.example' },
    );
    expect(answer.status).toBe(403);
    expect(stack.fixture.last('/api/password_login')).toBeUndefined();
  });
});

describe('bind_account', () => {
  it('turns the WeChat session into one of the joined account; the old session ends', async () => {
    const owner = await emailUser('owner secret');
    const { done } = await wechatRoundTrip(`并号${Date.now()}`, '/Login/wechat?client_type=pc');
    const wechatSession = setCookie(done.headers, 'yj_session');
    expect((await userOf(wechatSession)).http).toBe(200);

    const bound = await post('/api/bind_account', { account: owner.email, password: 'owner secret' }, withSession(wechatSession));
    expect(bound.status).toBe(200);
    expect(((await bound.json()) as { data: { account: string } }).data.account).toBe(owner.account);
    // Sent as the WeChat user, whose session the upstream recognised.
    expect(stack.fixture.last('/api/bind_account')?.headers.authorization).toMatch(/^Bearer \S+$/);
    const joined = setCookie(bound.headers, 'yj_session');
    expect(joined).toBeDefined();
    expect((await userOf(joined)).data?.account).toBe(owner.account);
    expect((await userOf(wechatSession)).http).toBe(401);
  });

  it('keeps the session when the upstream refuses', async () => {
    const owner = await emailUser('owner secret');
    const { done } = await wechatRoundTrip(`拒绝${Date.now()}`, '/Login/wechat?client_type=pc');
    const wechatSession = setCookie(done.headers, 'yj_session');
    const refused = await post(
      '/api/bind_account',
      { account: owner.account, password: 'wrong one' },
      withSession(wechatSession),
    );
    expect(refused.status).toBe(400);
    expect(setCookie(refused.headers, 'yj_session')).toBeUndefined();
    expect((await userOf(wechatSession)).http).toBe(200);
  });
});

describe('binding WeChat from /Profil', () => {
  it('binds on the return of a bind state, keeps the session and goes back to /Profil saying so', async () => {
    const user = await emailUser();
    const nickname = `绑我${Date.now()}`;
    const { state, done } = await wechatRoundTrip(nickname, '/Login/wechat?client_type=pc&mode=bind', [
      `yj_session=${cookieValue(user.session)}`,
    ]);
    expect(state).toMatch(/^bind[0-9a-f]{32}$/);
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('location')!, base).pathname).toBe('/Profil');
    expect(setCookie(done.headers, 'yj_flash')).toMatch(/^yj_flash=wechat_bound/);
    expect(setCookie(done.headers, 'yj_session')).toBeUndefined();
    expect(stack.fixture.last('/api/get_wechat_access_token')).toBeUndefined();
    expect(stack.fixture.last('/api/bind_wechat')?.headers.authorization).toMatch(/^Bearer \S+$/);

    // The WeChat login now lands in the e-mail account.
    const { done: login } = await wechatRoundTrip(nickname, '/Login/wechat?client_type=pc');
    expect((await userOf(setCookie(login.headers, 'yj_session'))).data?.account).toBe(user.account);
  });

  it('says why when WeChat belongs to an account of its own', async () => {
    const taken = await emailUser();
    const nickname = `已占${Date.now()}`;
    await wechatRoundTrip(nickname, '/Login/wechat?client_type=pc&mode=bind', [`yj_session=${cookieValue(taken.session)}`]);
    const user = await emailUser();
    const { done } = await wechatRoundTrip(nickname, '/Login/wechat?client_type=pc&mode=bind', [
      `yj_session=${cookieValue(user.session)}`,
    ]);
    expect(new URL(done.headers.get('location')!, base).pathname).toBe('/Profil');
    expect(setCookie(done.headers, 'yj_flash')).toMatch(/^yj_flash=wechat_taken/);
  });

  it('binds nothing for a browser that did not start it, nor without a session', async () => {
    const user = await emailUser();
    // Another browser's bind return: the state is not this browser's.
    const elsewhere = await wechatRoundTrip(`别处${Date.now()}`, '/Login/wechat?client_type=pc&mode=bind');
    const forged = await fetch(`${base}/Login?client_type=pc&code=whatever&state=${elsewhere.state}`, {
      redirect: 'manual',
      headers: { cookie: `yj_session=${cookieValue(user.session)}` },
    });
    expect(new URL(forged.headers.get('location')!, base).pathname).toBe('/');
    expect(setCookie(forged.headers, 'yj_flash')).toMatch(/^yj_flash=login_failed/);
    expect(stack.fixture.last('/api/get_wechat_access_token')).toBeUndefined();

    // Started without a session: the upstream refuses, and the learner hears so on /Profil.
    expect(setCookie(elsewhere.done.headers, 'yj_flash')).toMatch(/^yj_flash=wechat_bind_failed/);
    expect(new URL(elsewhere.done.headers.get('location')!, base).pathname).toBe('/Profil');
  });
});
