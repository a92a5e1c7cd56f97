import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, outboxCode as outboxCodeOf, postJson, setCookie, startStack, type Stack } from './support/stack';

// Login sessions in the BFF: every login path, cookie flags, bearer rules, isApp, share_account.
let stack: Stack;
let base: string;
let emailCount = 0;

beforeAll(async () => {
  stack = await startStack();
  base = stack.next.url;
});
afterAll(() => stack?.stop());
afterEach(() => stack.fixture.reset());

const post = (path: string, body?: unknown, headers?: Record<string, string>) => postJson(base, path, body, headers);

const outboxCode = (email: string) => outboxCodeOf(stack.upstream.url, email);

/** Logs a new user in by e-mail through the BFF; answers the session cookie line. */
async function emailLogin(headers: Record<string, string> = {}) {
  const email = `learner${++emailCount}-${Date.now()}@example.com`;
  expect((await post('/api/pre_email_login', { email }, headers)).status).toBe(200);
  const answer = await post('/api/email_login', { email, code: await outboxCode(email) }, headers);
  return { email, answer, cookie: setCookie(answer.headers, 'yj_session') };
}

const withSession = (cookie: string | undefined, extra: Record<string, string> = {}) => ({
  cookie: `yj_session=${cookieValue(cookie)}`,
  ...extra,
});

describe('e-mail login', () => {
  it('keeps the token in an HttpOnly, SameSite=Lax session and answers the page without it', async () => {
    const { answer, cookie } = await emailLogin();
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { status: string; data: Record<string, unknown> };
    expect(body.status).toBe('OK');
    expect(body.data).toMatchObject({ nickname: expect.stringMatching(/^learner/), account: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/token/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const info = await post('/api/get_user_info', {}, withSession(cookie));
    expect(info.status).toBe(200);
    const user = (await info.json()) as { data: { nickname: string; account: string } };
    expect(user.data.account).toBe(body.data.account);
    expect(stack.fixture.last('/api/get_user_info')?.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('refuses a wrong code without a session, and locks the code after 5 wrong tries', async () => {
    const email = `wrong-${Date.now()}@example.com`;
    await post('/api/pre_email_login', { email });
    const code = await outboxCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await post('/api/email_login', { email, code: wrong });
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({ status: 'invalid_code', description: '验证码错误' });
    expect(setCookie(first.headers, 'yj_session')).toBeUndefined();
    for (let i = 0; i < 4; i++) await post('/api/email_login', { email, code: wrong });
    const locked = await post('/api/email_login', { email, code });
    expect(locked.status).toBe(400);
    expect(setCookie(locked.headers, 'yj_session')).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const email = `late-${Date.now()}@example.com`;
    await post('/api/pre_email_login', { email });
    const code = await outboxCode(email);
    stack.clock.advance(11 * 60_000);
    const late = await post('/api/email_login', { email, code });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ status: 'code_expired' });
  });

  it('answers a repeated code request with status 000', async () => {
    const email = `hasty-${Date.now()}@example.com`;
    expect((await post('/api/pre_email_login', { email })).status).toBe(200);
    const again = await post('/api/pre_email_login', { email });
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({ status: '000', description: '操作太频繁，请勿重复请求' });
  });
});

describe('session lifetime', () => {
  it('logs out: the upstream forgets the token and the cookie is cleared', async () => {
    const { cookie } = await emailLogin();
    const out = await post('/api/logout', {}, withSession(cookie));
    expect(out.status).toBe(200);
    expect(setCookie(out.headers, 'yj_session')).toMatch(/Max-Age=0/);
    // The old cookie no longer opens anything upstream.
    const info = await post('/api/get_user_info', {}, withSession(cookie));
    expect(info.status).toBe(401);
  });

  it('clears the session even when the upstream is down', async () => {
    const { cookie } = await emailLogin();
    const port = stack.fixture.port;
    await stack.fixture.stop();
    try {
      const out = await post('/api/logout', {}, withSession(cookie));
      expect(out.status).toBe(502);
      expect(await out.json()).toMatchObject({ status: '502', description: expect.any(String) });
      expect(setCookie(out.headers, 'yj_session')).toMatch(/Max-Age=0/);
    } finally {
      await stack.fixture.start(port);
    }
  });

  it('ends a session whose token the upstream no longer knows', async () => {
    const { cookie } = await emailLogin();
    const token = stack.fixture.last('/api/get_user_info')!.headers.authorization!;
    await fetch(`${stack.upstream.url}/api/logout`, { method: 'POST', headers: { authorization: token } });
    const info = await post('/api/get_user_info', {}, withSession(cookie));
    expect(info.status).toBe(401);
    expect(setCookie(info.headers, 'yj_session')).toMatch(/Max-Age=0/);
  });

  it('ignores a tampered session cookie', async () => {
    const { cookie } = await emailLogin();
    const value = cookieValue(cookie);
    const tampered = value.slice(0, 40) + (value[40] === 'a' ? 'b' : 'a') + value.slice(41);
    await post('/api/get_user_info', {}, { cookie: `yj_session=${tampered}` });
    expect(stack.fixture.last('/api/get_user_info')?.headers.authorization).toBeUndefined();
  });
});

describe('bearer and embedded app', () => {
  async function upstreamToken(): Promise<string> {
    const email = `app-${Date.now()}-${++emailCount}@example.com`;
    await fetch(`${stack.upstream.url}/api/pre_email_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const login = await fetch(`${stack.upstream.url}/api/email_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, code: await outboxCode(email) }),
    });
    return ((await login.json()) as { data: { token: string } }).data.token;
  }

  it("honours a client's own bearer", async () => {
    const token = await upstreamToken();
    const info = await post('/api/get_user_info', {}, { authorization: `Bearer ${token}` });
    expect(info.status).toBe(200);
    expect(stack.fixture.last('/api/get_user_info')?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('in the isApp mode sends the session cookie value as Authorization and the raw cookie along', async () => {
    const token = await upstreamToken();
    const cookie = `session=${token}; theme=dark`;
    const info = await post('/api/get_user_info', {}, { 'user-agent': 'Mozilla/5.0 MyApp isApp=true', cookie });
    expect(info.status).toBe(200);
    const seen = stack.fixture.last('/api/get_user_info')!;
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen.headers['x-app-cookie']).toBe(cookie);
    expect(seen.headers.cookie).toBeUndefined();
  });

  it('outside the isApp mode never sends cookies upstream', async () => {
    const token = await upstreamToken();
    await post('/api/get_user_info', {}, { cookie: `session=${token}` });
    const seen = stack.fixture.last('/api/get_user_info')!;
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers['x-app-cookie']).toBeUndefined();
  });

  it('looks for isApp only in the first 500 characters of the user agent', async () => {
    const token = await upstreamToken();
    await post('/api/get_user_info', {}, { 'user-agent': `${'x'.repeat(500)}isApp=true`, cookie: `session=${token}` });
    expect(stack.fixture.last('/api/get_user_info')!.headers.authorization).toBeUndefined();
  });
});

describe('WeChat login', () => {
  /** Runs the sandbox OAuth round trip through the site; answers the final redirect. */
  async function wechatRoundTrip(nickname: string, back = '/AboutUs', cookies: string[] = []) {
    const start = await fetch(`${base}/Login/wechat?client_type=pc&back=${encodeURIComponent(back)}`, {
      redirect: 'manual',
      headers: { cookie: cookies.join('; ') },
    });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.pathname).toBe('/sandbox/wechat/authorize');
    expect(authorize.searchParams.get('scope')).toBe('snsapi_login');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/Login?client_type=pc`);
    const state = authorize.searchParams.get('state')!;
    const jar = [...cookies, ...start.headers.getSetCookie().map((c) => c.split(';')[0])];

    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('微信登录');

    const consent = await fetch(`${base}/sandbox/wechat/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ nickname, redirect_uri: authorize.searchParams.get('redirect_uri')!, state }),
    });
    expect(consent.status).toBe(303);
    const callback = new URL(consent.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe(state);

    return fetch(callback, { redirect: 'manual', headers: { cookie: jar.join('; ') } });
  }

  it('exchanges the code on the server and returns to the remembered route', async () => {
    const done = await wechatRoundTrip('微信同学');
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('location')!, base).pathname).toBe('/AboutUs');
    const session = setCookie(done.headers, 'yj_session');
    expect(session).toMatch(/HttpOnly/i);
    const info = await post('/api/get_user_info', {}, withSession(session));
    expect(((await info.json()) as { data: { nickname: string } }).data.nickname).toBe('微信同学');
  });

  it('never returns to another site, however the return path is disguised', async () => {
    const tricks = [
      '//evil.example/x',
      '/.//evil.example',
      '/%2e//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'https://evil.example/',
    ];
    for (const back of tricks) {
      const done = await wechatRoundTrip('访客', back);
      expect(done.status, back).toBe(303);
      expect(new URL(done.headers.get('location')!, base).href, back).toBe(`${base}/`);
      expect(setCookie(done.headers, 'yj_session'), back).toMatch(/^yj_session=[^;]+/);
    }
  });

  it('keeps an encoded slash in the return path as a path, on this site', async () => {
    const done = await wechatRoundTrip('访客', '/%2F%2Fevil.example');
    expect(new URL(done.headers.get('location')!, base).href).toBe(`${base}/%2F%2Fevil.example`);
  });

  /** A code of the attacker's own account, straight from the sandbox authorise page. */
  async function attackerCode(): Promise<string> {
    const consent = await fetch(`${base}/sandbox/wechat/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ nickname: 'mallory', redirect_uri: `${base}/Login?client_type=pc`, state: 'a' }),
    });
    return new URL(consent.headers.get('location')!).searchParams.get('code')!;
  }

  it('refuses a code when the browser holds no state of its own (login CSRF)', async () => {
    for (const [query, cookie] of [
      ['state=anything', ''],
      ['state=', ''],
      ['', ''],
      ['state=', 'yj_oauth_state='],
      ['state=anything', 'yj_oauth_state=different'],
    ]) {
      const code = await attackerCode();
      const done = await fetch(`${base}/Login?client_type=pc&code=${code}&${query}`, {
        redirect: 'manual',
        headers: cookie ? { cookie } : {},
      });
      expect(done.status).toBe(303);
      expect(new URL(done.headers.get('location')!, base).href).toBe(`${base}/`);
      expect(setCookie(done.headers, 'yj_session'), `${query} ${cookie}`).toBeUndefined();
      expect(setCookie(done.headers, 'yj_flash')).toMatch(/^yj_flash=login_failed/);
    }
    expect(stack.fixture.last('/api/get_wechat_access_token')).toBeUndefined();
  });

  it('fails to / with the 登录失败 message for a bad code', async () => {
    const done = await fetch(`${base}/Login?code=bad&client_type=pc`, { redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('location')!, base).href).toBe(`${base}/`);
    expect(setCookie(done.headers, 'yj_flash')).toMatch(/^yj_flash=login_failed/);
    expect(setCookie(done.headers, 'yj_session')).toBeUndefined();
  });

  it('refuses a callback whose state it did not hand out', async () => {
    const done = await fetch(`${base}/Login?code=whatever&client_type=pc&state=forged`, {
      redirect: 'manual',
      headers: { cookie: 'yj_oauth_state=mine' },
    });
    expect(setCookie(done.headers, 'yj_flash')).toMatch(/login_failed/);
    expect(stack.fixture.last('/api/get_wechat_access_token')).toBeUndefined();
  });
});

describe('share_account', () => {
  it('serves a logged-in user’s page as it is, with or without the own account on its URL', async () => {
    // The page puts the account on its URL in the browser (share-account-sync.tsx, covered by
    // the browser tests): a page is never a redirect away, and a share link never loses a visitor.
    const { answer, cookie } = await emailLogin();
    const { data } = (await answer.json()) as { data: { account: string } };
    const page = await fetch(`${base}/?x=1`, { redirect: 'manual', headers: withSession(cookie) });
    expect(page.status).toBe(200);
    const own = await fetch(`${base}/?share_account=${data.account}`, { redirect: 'manual', headers: withSession(cookie) });
    expect(own.status).toBe(200);
    // The own account arriving is not remembered as a referrer.
    expect(setCookie(own.headers, 'yj_ref')).toBeUndefined();
  });

  it('adds nothing for anonymous visitors and search engines, and canonical URLs never carry it', async () => {
    const page = await fetch(`${base}/`, { redirect: 'manual', headers: { 'user-agent': 'Baiduspider' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/"/);
    expect(html).not.toContain('share_account');
  });

  it('remembers an arriving share_account and credits it at the first login', async () => {
    const referrer = await emailLogin();
    const { data } = (await referrer.answer.json()) as { data: { account: string } };
    const landing = await fetch(`${base}/?share_account=${data.account}`, { redirect: 'manual' });
    const ref = setCookie(landing.headers, 'yj_ref');
    expect(ref).toMatch(new RegExp(`^yj_ref=${data.account}`));

    const friend = await emailLogin({ cookie: ref!.split(';')[0] });
    expect(friend.answer.status).toBe(200);
    const sent = JSON.parse(stack.fixture.last('/api/email_login')!.body.toString()) as { share_account?: string };
    expect(sent.share_account).toBe(data.account);
    expect(setCookie(friend.answer.headers, 'yj_ref')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });
});
