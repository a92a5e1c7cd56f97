import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startNext } from './support/next-server';
import { rawRequest } from './support/raw-request';
import { setCookie, startStack, type Stack } from './support/stack';

// What an attacker or a bad network does to the site: methods and targets Next cannot handle,
// forged forwarding headers, clients that vanish, login-code spraying, connections dropped under
// a request. Every answer is one the BFF decided, in the error catalogue's JSON.
let stack: Stack;
let base: string;

beforeAll(async () => {
  stack = await startStack();
  base = stack.next.url;
});
afterAll(() => stack?.stop());
afterEach(() => stack.fixture.reset());

const json = (body: string) => JSON.parse(body) as { status: string; description: string };

describe('requests Next would answer with a bare 500', () => {
  it('answers TRACE, CONNECT and WebDAV methods with 405 JSON', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK']) {
      for (const path of ['/api/get_env_type', '/AboutUs', '/']) {
        const answer = await rawRequest(base, path, { method });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(json(answer.body)).toEqual({ status: '405', description: '不支持的请求方法' });
        expect(answer.headers.allow).toContain('GET');
      }
    }
  });

  it('answers OPTIONS * with the methods it allows, and targets that are not a path with 400', async () => {
    const star = await rawRequest(base, '*', { method: 'OPTIONS' });
    expect(star.status).toBe(204);
    expect(star.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    for (const target of ['*', 'x', 'ftp://host/x', 'http://[bad']) {
      const answer = await rawRequest(base, target, { method: 'GET' });
      expect(answer.status, target).toBe(400);
      // 'x' is refused by Node's parser already, the others by the guard: the same JSON either way.
      expect(json(answer.body)).toEqual({ status: '400', description: target === 'x' ? '请求格式无效' : '请求地址无效' });
    }
    // The absolute form HTTP/1.1 servers must accept is served as its path.
    expect((await rawRequest(base, 'http://anything.example/AboutUs')).status).toBe(200);
  });

  it('refuses a path whose percent-encoding does not decode with 400, and answers OPTIONS on pages and files itself', async () => {
    for (const path of ['/%', '/%c0%af', '/paper/%2e%2e/%', '/AboutUs%zz']) {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        const answer = await rawRequest(base, path, { method });
        expect(answer.status, `${method} ${path}`).toBe(400);
        if (method !== 'HEAD') expect(json(answer.body)).toEqual({ status: '400', description: '请求地址无效' });
      }
    }
    for (const path of ['/', '/AboutUs', '/favicon.ico', '/icon.png', '/robots.txt', '/healthz']) {
      const answer = await rawRequest(base, path, { method: 'OPTIONS' });
      expect(answer.status, path).toBe(204);
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
    expect((await rawRequest(base, '/sandbox/wechat/authorize', { method: 'OPTIONS' })).headers.allow).toBe(
      'GET, HEAD, POST, OPTIONS',
    );
  });

  it('ignores the router’s own headers on the API, however garbled', async () => {
    const headers = { rsc: '1', 'next-router-state-tree': 'garbage', 'next-router-prefetch': '1', 'next-action': 'x' };
    for (const path of ['/api/%2e%2e/x', '/api/%2e%2e/api/get_env_type', '/api/get_env_type', '/api/no_such_call']) {
      const answer = await rawRequest(base, path, { headers });
      expect(answer.status, path).toBeLessThan(500);
    }
    expect(json((await rawRequest(base, '/api/get_env_type', { headers })).body).status).toBe('OK');
    // Pages treat a garbled tree as a fresh navigation, not as an error.
    expect(
      (await rawRequest(base, '/AboutUs', { headers: { rsc: '1', 'next-router-state-tree': 'garbage' } })).status,
    ).toBeLessThan(500);
  });

  it('refuses writes to pages, which have no server actions, however the path is spelt', async () => {
    for (const path of ['/AboutUs', '/', '/no-such-page', '/api/../AboutUs', '/api/%2e%2e/Login']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const answer = await rawRequest(base, path, {
          method,
          headers: { 'content-type': 'multipart/form-data; boundary=x', 'next-action': 'x' },
          body: '--x\r\n',
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(json(answer.body).status).toBe('405');
        expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
      }
    }
    expect(stack.next.output()).not.toMatch(/Server Action|aborted/);
  });

  it('reads a garbled router state on a page as none', async () => {
    for (const tree of ['%%%', '%5B%22%22%5D', 'garbage', 'x'.repeat(50_000)]) {
      for (const path of ['/AboutUs', '/no-such-page']) {
        const answer = await rawRequest(base, path, { headers: { rsc: '1', 'next-router-state-tree': tree } });
        expect(answer.status, `${path} ${tree.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });

  it('refuses JSON nested too deeply to handle with 400', async () => {
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const call of ['email_login', 'explain_pos', 'pre_email_login']) {
      const answer = await fetch(`${base}/api/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: deep,
      });
      expect(answer.status, call).toBe(400);
      expect(await answer.json()).toEqual({ status: '400', description: '请求内容不是合法的 JSON' });
    }
    // A string full of brackets is no nesting at all.
    const flat = await fetch(`${base}/api/explain_pos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ pos: '['.repeat(100) }),
    });
    expect((await flat.json()).description).not.toBe('请求内容不是合法的 JSON');
    expect(stack.next.output()).not.toContain('unexpected error');
  });

  it('does not log a client that went away mid-request as an unexpected error', async () => {
    const url = new URL(base);
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.write(
            `POST /api/explain_pos HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"pos":`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 100);
        });
      });
    }
    // The site still answers, and its log holds no error for those clients.
    expect((await fetch(`${base}/api/get_env_type`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(stack.next.output()).not.toContain('unexpected error');
  });
});

describe('forwarding headers', () => {
  const login = async (headers: Record<string, string>, site = base) => {
    const email = `fwd-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const send = (path: string, body: unknown) =>
      fetch(site + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    await send('/api/pre_email_login', { email });
    const outbox = await fetch(`${stack.upstream.url}/__test/outbox?email=${encodeURIComponent(email)}`);
    const { messages } = (await outbox.json()) as { messages: { code: string }[] };
    return send('/api/email_login', { email, code: messages[0].code });
  };

  it('from a client, decide neither cookie security, nor the same-origin check, nor redirect targets', async () => {
    const forged = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      forwarded: 'proto=https;host=evil.example',
    };
    const answer = await login({ ...forged, origin: base });
    expect(answer.status).toBe(200);
    expect(setCookie(answer.headers, 'yj_session')).not.toMatch(/;\s*Secure/i);
    // An Origin matching only the forged host is another site's.
    const cross = await fetch(`${base}/api/pre_email_login`, {
      method: 'POST',
      headers: { ...forged, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cross@example.com' }),
    });
    expect(cross.status).toBe(403);
    const start = await fetch(`${base}/Login/wechat?client_type=pc`, { redirect: 'manual', headers: forged });
    const redirectUri = new URL(start.headers.get('location')!).searchParams.get('redirect_uri')!;
    expect(new URL(redirectUri).origin).toBe(base);
  });

  it('count when a trusted proxy (TRUST_PROXY_HOPS) wrote them', async () => {
    const behindProxy = await startNext({ UPSTREAM_URL: stack.fixture.url, TRUST_PROXY_HOPS: '1' });
    try {
      const answer = await login(
        { 'x-forwarded-proto': 'https', origin: behindProxy.url.replace('http:', 'https:') },
        behindProxy.url,
      );
      expect(answer.status).toBe(200);
      expect(setCookie(answer.headers, 'yj_session')).toMatch(/;\s*Secure/i);
    } finally {
      await behindProxy.stop();
    }
  });
});

describe('login codes', () => {
  it('refuses code requests from one address after the limit, with status 000', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await fetch(`${base}/api/pre_email_login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: `spray${i}-${Date.now()}@example.com` }),
      });
      statuses.push(json(await answer.text()).status);
    }
    const firstRefusal = statuses.indexOf('000');
    expect(firstRefusal).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThanOrEqual(20);
    expect(statuses.slice(firstRefusal).every((s) => s === '000')).toBe(true);
  });
});

describe('upstream answers', () => {
  it('keeps the upstream API token from the page', async () => {
    stack.fixture.on('/api/get_user_info', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: 'OK',
          data: { nickname: 'n', headimgurl: '', account: '10000001', api_token: 'yj_secret', vip_info: { is_vip_now: false } },
        }),
      );
    });
    const answer = await fetch(`${base}/api/get_user_info`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = await answer.text();
    expect(body).not.toContain('yj_secret');
    expect(JSON.parse(body).data).toMatchObject({ nickname: 'n', account: '10000001' });
  });

  it('sends a read once more when its pooled connection was dropped under it, and never a write', async () => {
    let reads = 0;
    stack.fixture.on('/api/get_remain_vip_num', (_req, res) => {
      if (++reads === 1) return res.socket?.destroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"OK","data":{"remain":3}}');
    });
    const read = await fetch(`${base}/api/get_remain_vip_num`);
    expect(read.status).toBe(200);
    expect(reads).toBe(2);

    let writes = 0;
    stack.fixture.on('/api/explain_pos', (_req, res) => {
      writes++;
      res.socket?.destroy();
    });
    const write = await fetch(`${base}/api/explain_pos`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: '{"pos":"n"}',
    });
    expect(write.status).toBe(502);
    expect(json(await write.text())).toEqual({ status: '502', description: '服务暂时不可用，请稍后再试' });
    expect(writes).toBe(1);
  });
});
