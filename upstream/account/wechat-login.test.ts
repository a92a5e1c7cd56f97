import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startTestUpstream, type TestUpstream } from '../test-harness';

const invalidCode = { status: 'invalid_code', description: '登录码无效或已过期' };

async function agree(
  upstream: TestUpstream,
  nickname: string,
  redirectUri = 'http://localhost:3000/Login?client_type=pc',
  state = 's1',
) {
  const answer = await upstream.request('/sandbox/wechat/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nickname, redirect_uri: redirectUri, state }).toString(),
  });
  return { ...answer, location: new URL(answer.headers.get('location') ?? 'invalid:') };
}

describe('WeChat login sandbox', () => {
  let upstream: TestUpstream;
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });
  afterEach(() => upstream.stop());

  const exchange = (code: string, clientType = 'pc') =>
    upstream.call('get_wechat_access_token', { code, client_type: clientType, state: 's1' });

  it('renders the authorise page with everything escaped', async () => {
    const query = new URLSearchParams({
      appid: '<script>alert(1)</script>',
      redirect_uri: 'http://localhost:3000/Login?next="/x"&a=<b>',
      response_type: 'code',
      scope: 'snsapi_login',
      state: '"><img src=x onerror=alert(2)>',
    });
    const page = await upstream.request(`/sandbox/wechat/authorize?${query}`);
    expect(page.http).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('微信登录（测试沙箱）');
    expect(page.body).toContain('同意并登录');
    expect(page.body).toContain('测试环境');
    expect(page.body).toMatch(/name="nickname" value="微信用户\d{4}"/);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('"><img');
    expect(page.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"');
    expect(page.body).toContain('&amp;a=');
  });

  it('refuses an authorise page whose redirect_uri is not http(s)', async () => {
    const page = await upstream.request('/sandbox/wechat/authorize?redirect_uri=javascript:alert(1)&appid=wx');
    expect(page.http).toBe(400);
    expect(page.body).toContain('redirect_uri');
  });

  it('sends a login back to the site’s /Login only', async () => {
    for (const uri of [
      'https://evil.example/steal',
      'http://localhost:3000/steal',
      'http://localhost:3000/Login/../x',
      'http://u:p@localhost:3000/Login',
    ]) {
      const page = await upstream.request(`/sandbox/wechat/authorize?${new URLSearchParams({ redirect_uri: uri, appid: 'wx' })}`);
      expect(page.http, uri).toBe(400);
      expect(page.body).toContain('redirect_uri 参数错误');
      const form = await agree(upstream, '小红', uri);
      expect(form.http, uri).toBe(400);
      expect(form.headers.get('location')).toBeNull();
    }
    // Where the site's address is configured, no other origin's /Login either.
    const fixed = await startTestUpstream({ env: { SITE_URL: 'https://yujing.example' } });
    try {
      expect((await agree(fixed, '小红', 'http://localhost:3000/Login')).http).toBe(400);
      expect((await agree(fixed, '小红', 'https://evil.example/Login')).http).toBe(400);
      const home = await agree(fixed, '小红', 'https://yujing.example/Login?client_type=pc');
      expect(home.http).toBe(302);
      expect(home.location.origin).toBe('https://yujing.example');
    } finally {
      await fixed.stop();
    }
  });

  it('redirects back with a one-time code and the state, keeping the redirect_uri query', async () => {
    const answer = await agree(upstream, '小红', 'http://localhost:3000/Login?from=login', 'state-42');
    expect(answer.http).toBe(302);
    expect(answer.location.origin + answer.location.pathname).toBe('http://localhost:3000/Login');
    expect(answer.location.searchParams.get('from')).toBe('login');
    expect(answer.location.searchParams.get('state')).toBe('state-42');
    expect(answer.location.searchParams.get('code')).toMatch(/^[\w-]{22}$/);
  });

  it('answers a malformed form with the problem page, not an error', async () => {
    const answer = await upstream.request('/sandbox/wechat/authorize', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '{"not":"a form"}',
    });
    expect(answer.http).toBe(400);
    expect(answer.body).toContain('表单格式不正确');
    expect(upstream.logs.join('\n')).not.toContain('[error]');
  });

  it('refuses a form without nickname or with a bad redirect_uri', async () => {
    expect((await agree(upstream, '   ')).http).toBe(400);
    expect((await agree(upstream, '小红', 'ftp://example.com/')).http).toBe(400);
  });

  it('exchanges the code once for a login', async () => {
    const code = (await agree(upstream, '小红')).location.searchParams.get('code')!;
    const first = await exchange(code);
    expect(first.http).toBe(200);
    expect(first.body.status).toBe('OK');
    expect(first.body.data).toMatchObject({ nickname: '小红', headimgurl: '' });
    const info = await upstream.call('get_user_info', {}, bearer(first.body.data.token));
    expect(info.body.data.nickname).toBe('小红');

    const second = await exchange(code);
    expect(second.http).toBe(400);
    expect(second.body).toEqual(invalidCode);
  });

  it('logs the same nickname in as the same user, another as another', async () => {
    const accountOf = async (nickname: string) => {
      const code = (await agree(upstream, nickname)).location.searchParams.get('code')!;
      const { body } = await exchange(code, 'inside_wechat');
      return (await upstream.call('get_user_info', {}, bearer(body.data.token))).body.data.account;
    };
    const first = await accountOf('小红');
    expect(await accountOf('小红')).toBe(first);
    expect(await accountOf('小明')).not.toBe(first);
  });

  it('refuses unknown and expired codes', async () => {
    expect((await exchange('never-issued')).body).toEqual(invalidCode);
    const code = (await agree(upstream, '小红')).location.searchParams.get('code')!;
    upstream.clock.advance(5 * 60_000);
    const late = await exchange(code);
    expect(late.http).toBe(400);
    expect(late.body).toEqual(invalidCode);
  });
});

describe('WeChat login sandbox in production', () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream({ env: { ENV_TYPE: 'production' } });
  });
  afterAll(() => upstream.stop());

  it('has no authorise page', async () => {
    expect((await upstream.request('/sandbox/wechat/authorize?redirect_uri=http://x/')).http).toBe(404);
    expect((await agree(upstream, '小红')).http).toBe(404);
  });

  it('refuses the sandbox exchange with 403', async () => {
    const answer = await upstream.call('get_wechat_access_token', { code: 'abc', client_type: 'pc' });
    expect(answer.http).toBe(403);
    expect(answer.body).toEqual({ status: '403', description: '生产环境不可使用微信登录沙箱' });
  });
});

/** A stand-in for api.weixin.qq.com that knows a few codes and records what it was asked. */
function startFakeWechat() {
  const asked: URL[] = [];
  const grants: Record<string, { appid: string; reply: object }> = {
    'pc-code': {
      appid: 'wx-open',
      reply: { access_token: 'AT-PC', openid: 'open-openid', unionid: 'union-1', scope: 'snsapi_login' },
    },
    'mp-code': {
      appid: 'wx-mp',
      reply: { access_token: 'AT-MP', openid: 'mp-openid', unionid: 'union-1', scope: 'snsapi_userinfo' },
    },
    'no-userinfo': { appid: 'wx-open', reply: { access_token: 'AT-BAD', openid: 'o-bad' } },
  };
  const secrets: Record<string, string> = { 'wx-open': 'open-secret', 'wx-mp': 'mp-secret' };
  const profiles: Record<string, object> = {
    'AT-PC': { openid: 'open-openid', nickname: '小明', headimgurl: 'https://thirdwx.qlogo.cn/pc.png', unionid: 'union-1' },
    'AT-MP': { openid: 'mp-openid', nickname: '小明同学', headimgurl: 'https://thirdwx.qlogo.cn/mp.png', unionid: 'union-1' },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    asked.push(url);
    const q = url.searchParams;
    let reply: object = { errcode: 40001, errmsg: 'unknown path' };
    if (url.pathname === '/sns/oauth2/access_token') {
      const grant = grants[q.get('code') ?? ''];
      const appid = q.get('appid') ?? '';
      if (secrets[appid] !== q.get('secret')) reply = { errcode: 40125, errmsg: 'invalid appsecret' };
      else if (!grant || grant.appid !== appid || q.get('grant_type') !== 'authorization_code') {
        reply = { errcode: 40029, errmsg: 'invalid code' };
      } else reply = grant.reply;
    } else if (url.pathname === '/sns/userinfo') {
      reply = profiles[q.get('access_token') ?? ''] ?? { errcode: 40003, errmsg: 'invalid openid' };
    }
    // WeChat answers errors with HTTP 200 as well.
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
  return new Promise<{ url: string; asked: URL[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        asked,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('WeChat login against WeChat', () => {
  let wechat: Awaited<ReturnType<typeof startFakeWechat>>;
  let upstream: TestUpstream;
  beforeAll(async () => {
    wechat = await startFakeWechat();
    upstream = await startTestUpstream({
      env: {
        WECHAT_API_BASE: wechat.url,
        WECHAT_OPEN_APP_ID: 'wx-open',
        WECHAT_OPEN_APP_SECRET: 'open-secret',
        WECHAT_MP_APP_ID: 'wx-mp',
        WECHAT_MP_APP_SECRET: 'mp-secret',
      },
    });
  });
  afterAll(async () => {
    await upstream.stop();
    await wechat.close();
  });

  const exchange = (code: string, clientType: string, extra: object = {}) =>
    upstream.call('get_wechat_access_token', { code, client_type: clientType, ...extra });

  it('exchanges the code with the website app and reads the profile', async () => {
    wechat.asked.length = 0;
    const answer = await exchange('pc-code', 'pc', { state: 'xyz' });
    expect(answer.http).toBe(200);
    expect(answer.body.data).toMatchObject({ nickname: '小明', headimgurl: 'https://thirdwx.qlogo.cn/pc.png' });

    const [grant, profile] = wechat.asked;
    expect(grant.pathname).toBe('/sns/oauth2/access_token');
    expect(Object.fromEntries(grant.searchParams)).toEqual({
      appid: 'wx-open',
      secret: 'open-secret',
      code: 'pc-code',
      grant_type: 'authorization_code',
    });
    expect(profile.pathname).toBe('/sns/userinfo');
    expect(Object.fromEntries(profile.searchParams)).toEqual({
      access_token: 'AT-PC',
      openid: 'open-openid',
      lang: 'zh_CN',
    });
  });

  it('uses the official account app inside WeChat and joins the same person by unionid', async () => {
    const pc = await exchange('pc-code', 'pc');
    const mp = await exchange('mp-code', 'inside_wechat');
    expect(mp.http).toBe(200);
    expect(wechat.asked.some((u) => u.searchParams.get('appid') === 'wx-mp')).toBe(true);
    const accountOf = async (token: string) => (await upstream.call('get_user_info', {}, bearer(token))).body.data;
    const pcUser = await accountOf(pc.body.data.token);
    const mpUser = await accountOf(mp.body.data.token);
    expect(mpUser.account).toBe(pcUser.account);
    // The profile follows WeChat's latest answer.
    expect(mpUser.nickname).toBe('小明同学');
  });

  it('reports WeChat errors as wechat_error', async () => {
    const badCode = await exchange('stolen-code', 'pc');
    expect(badCode.http).toBe(400);
    expect(badCode.body).toEqual({ status: 'wechat_error', description: '微信登录失败：invalid code' });

    const badProfile = await exchange('no-userinfo', 'pc');
    expect(badProfile.http).toBe(400);
    expect(badProfile.body).toEqual({ status: 'wechat_error', description: '微信登录失败：invalid openid' });

    // The website app's code is not valid for the official account.
    expect((await exchange('pc-code', 'inside_wechat')).body.status).toBe('wechat_error');
  });

  it('does not fall back to the sandbox when the app is configured', async () => {
    const code = (await agree(upstream, '小红')).location.searchParams.get('code')!;
    expect((await exchange(code, 'pc')).body.status).toBe('wechat_error');
  });
});

describe('WeChat unreachable', () => {
  it('answers 502 wechat_error', async () => {
    const wechat = await startFakeWechat();
    await wechat.close(); // nothing listens on that port any more
    const upstream = await startTestUpstream({
      env: { WECHAT_API_BASE: wechat.url, WECHAT_OPEN_APP_ID: 'wx-open', WECHAT_OPEN_APP_SECRET: 'open-secret' },
    });
    try {
      const answer = await upstream.call('get_wechat_access_token', { code: 'pc-code', client_type: 'pc' });
      expect(answer.http).toBe(502);
      expect(answer.body.status).toBe('wechat_error');
      // The official account is not configured here: inside WeChat it is still the sandbox.
      const sandbox = await upstream.call('get_wechat_access_token', { code: 'nope', client_type: 'inside_wechat' });
      expect(sandbox.body).toEqual(invalidCode);
    } finally {
      await upstream.stop();
    }
  });
});
