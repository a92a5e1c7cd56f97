import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startNext, type RunningNext } from './support/next-server';
import { type RawAnswer, rawRequest } from './support/raw-request';
import { startStack, type Stack } from './support/stack';

// The browser-facing security headers (scripts/security-headers.cjs) on every kind of answer the
// site gives, HSTS only over https, and the GET calls that spend a user's uses refused from other
// sites. The browser's side (a CSP the pages pass, a frame of /Admin refused) is
// e2e/security-headers.spec.ts.
let stack: Stack;
let base: string;
/** Behind one trusted proxy, with the native app's origin allowed to frame the site. */
let proxied: RunningNext;
const APP_ORIGIN = 'https://app.yujing.example';

beforeAll(async () => {
  stack = await startStack();
  base = stack.next.url;
  proxied = await startNext({ UPSTREAM_URL: stack.fixture.url, TRUST_PROXY_HOPS: '1', FRAME_ANCESTORS: APP_ORIGIN });
});
afterAll(async () => {
  await proxied?.stop();
  await stack?.stop();
});
afterEach(() => stack.fixture.reset());

const header = (answer: RawAnswer, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The directives of a policy, by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** What every answer carries over plain http with no proxy in front. */
function expectHeaders(answer: RawAnswer, what: string) {
  expect(header(answer, 'x-content-type-options'), what).toBe('nosniff');
  expect(header(answer, 'referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(header(answer, 'x-frame-options'), what).toBe('DENY');
  expect(directives(header(answer, 'content-security-policy')).get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(header(answer, 'strict-transport-security'), what).toBeUndefined();
}

/** A request as the socket sends it, for what Node's parser refuses before any handler runs. */
function sendRaw(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let received = '';
    socket.on('data', (d) => (received += d));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('security headers', () => {
  it('are on pages: the portal, a page of the shell, the login page, the 404 page', async () => {
    for (const path of ['/', '/AboutUs', '/Login', '/Admin', '/no-such-page', '/NotFound']) {
      const answer = await rawRequest(base, path);
      expect(answer.status, path).toBeLessThan(500);
      expectHeaders(answer, path);
      const policy = directives(header(answer, 'content-security-policy'));
      expect(policy.get('default-src'), path).toEqual(["'self'"]);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'self'"]);
      expect(policy.get('form-action'), path).toEqual(["'self'"]);
      // Images only from the site, data:/blob: made on the page, and named hosts: never any host.
      for (const source of policy.get('img-src')!) {
        expect(source, `${path} img-src`).toMatch(/^('self'|data:|blob:|(https:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+)$/);
      }
      expect(policy.get('connect-src'), path).toEqual(["'self'"]);
      // Over http the site's own requests must stay http.
      expect(policy.has('upgrade-insecure-requests'), path).toBe(false);
    }
  });

  it('are on static files, robots.txt, the sitemap and /healthz', async () => {
    const page = await rawRequest(base, '/AboutUs');
    const script = page.body.match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    for (const path of [
      script!,
      '/favicon.ico',
      '/icon.svg',
      '/manifest.webmanifest',
      '/robots.txt',
      '/sitemap.xml',
      '/healthz',
    ]) {
      const answer = await rawRequest(base, path);
      expect(answer.status, path).toBe(200);
      expectHeaders(answer, path);
    }
    // /healthz is data: nothing may load or run in it.
    expect(directives(header(await rawRequest(base, '/healthz'), 'content-security-policy')).get('default-src')).toEqual([
      "'none'",
    ]);
  });

  it('are on API answers, relayed or the BFF’s own errors, with a policy that lets nothing run', async () => {
    const answers: [string, RawAnswer][] = [
      ['get_env_type', await rawRequest(base, '/api/get_env_type')],
      ['unknown call', await rawRequest(base, '/api/no_such_call')],
      ['wrong method', await rawRequest(base, '/api/get_env_type', { method: 'DELETE' })],
      [
        'cross-site write',
        await rawRequest(base, '/api/logout', {
          method: 'POST',
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
          body: '{}',
        }),
      ],
    ];
    for (const [what, answer] of answers) {
      expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
      expectHeaders(answer, what);
      expect(directives(header(answer, 'content-security-policy')).get('default-src'), what).toEqual(["'none'"]);
    }
  });

  it('are on the answers the request guard writes itself', async () => {
    const answers: [string, RawAnswer][] = [
      ['TRACE', await rawRequest(base, '/AboutUs', { method: 'TRACE' })],
      ['POST to a page', await rawRequest(base, '/AboutUs', { method: 'POST', body: 'x' })],
      ['a target that is no path', await rawRequest(base, 'ftp://host/x')],
    ];
    for (const [what, answer] of answers) {
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
      expectHeaders(answer, what);
    }
    // What Node's parser refuses never reaches a handler: the guard writes the answer on the socket.
    const unparsable = await sendRaw(base, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(unparsable).toMatch(/^HTTP\/1\.1 400/);
    expect(unparsable).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(unparsable).toMatch(/\r\nx-frame-options: DENY\r\n/i);
    expect(unparsable).toMatch(/\r\ncontent-security-policy: default-src 'none';[^\r]*frame-ancestors 'none'/i);
  });

  it('are on the sandbox pages: the site’s, whatever the page relayed from the upstream says', async () => {
    const answer = await rawRequest(base, '/sandbox/wechat/authorize?redirect_uri=%2FLogin&state=s');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expectHeaders(answer, 'sandbox');
    // One policy, the site's: a header the guard set is not appended to by a route's answer.
    expect(answer.headers['content-security-policy']).not.toContain(',');
    expect(directives(header(answer, 'content-security-policy')).get('form-action')).toEqual(["'self'"]);
  });
});

describe('HSTS', () => {
  const forwarded = (proto: string) => ({ 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': proto });

  it('is sent over https as a trusted proxy reports it, with insecure requests upgraded', async () => {
    for (const path of ['/AboutUs', '/api/get_env_type', '/healthz', '/favicon.ico']) {
      const answer = await rawRequest(proxied.url, path, { headers: forwarded('https') });
      expect(header(answer, 'strict-transport-security'), path).toBe('max-age=31536000');
    }
    const page = await rawRequest(proxied.url, '/AboutUs', { headers: forwarded('https') });
    expect(directives(header(page, 'content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    // The guard's own refusals too.
    const refused = await rawRequest(proxied.url, '/AboutUs', { method: 'TRACE', headers: forwarded('https') });
    expect(refused.status).toBe(405);
    expect(header(refused, 'strict-transport-security')).toBe('max-age=31536000');
  });

  it('is not sent over http, nor when the client itself claims https', async () => {
    const overHttp = await rawRequest(proxied.url, '/AboutUs', { headers: forwarded('http') });
    expect(header(overHttp, 'strict-transport-security')).toBeUndefined();
    const noProxyHeader = await rawRequest(proxied.url, '/AboutUs');
    expect(header(noProxyHeader, 'strict-transport-security')).toBeUndefined();
    // No proxy is trusted on the first server: a client's own X-Forwarded-Proto counts for nothing.
    const claimed = await rawRequest(base, '/AboutUs', { headers: { 'x-forwarded-proto': 'https' } });
    expect(header(claimed, 'strict-transport-security')).toBeUndefined();
    expect(directives(header(claimed, 'content-security-policy')).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('FRAME_ANCESTORS', () => {
  it('lets the native app’s origin frame the pages, and nothing frame the API', async () => {
    const page = await rawRequest(proxied.url, '/AboutUs');
    expect(directives(header(page, 'content-security-policy')).get('frame-ancestors')).toEqual([APP_ORIGIN]);
    // X-Frame-Options cannot name an origin: DENY would shut the app out in every browser.
    expect(header(page, 'x-frame-options')).toBeUndefined();
    const api = await rawRequest(proxied.url, '/api/get_env_type');
    expect(directives(header(api, 'content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(header(api, 'x-frame-options')).toBe('DENY');
  });
});

describe('GET calls that spend the user’s uses', () => {
  /** The upstream's side of each, stubbed: the test is about whether the BFF lets it through. */
  const spending: [string, string][] = [
    ['/api/writer_review', 'text=I%20has%20a%20car.'],
    ['/api/ask_stream', 'question=why&round_id=1&conversation_id=1&start=0&end=1'],
    ['/api/get_text_audio', 'text=hello'],
  ];
  const stubUpstream = () => {
    for (const [path] of spending) {
      stack.fixture.on(path, (_req, res) => {
        if (path === '/api/get_text_audio') {
          res.writeHead(200, { 'content-type': 'audio/wav' });
          res.end(Buffer.from('RIFF'));
        } else {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end('data: {"done":true}\n\n');
        }
      });
    }
  };

  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
  ])('refuses %s with 403, before the upstream hears of it', async (_what, headers) => {
    stubUpstream();
    for (const [path, query] of spending) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await rawRequest(base, `${path}?${query}`, { method, headers });
        expect(answer.status, `${method} ${path}`).toBe(403);
        if (method === 'GET') {
          expect(JSON.parse(answer.body), path).toEqual({ status: '403', description: '没有权限进行此操作：跨站请求被拒绝' });
        }
      }
    }
    expect(stack.fixture.seen.map((r) => r.url)).toEqual([]);
  });

  it.each([
    ['the site’s own pages (same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['a navigation the user made (none)', { 'sec-fetch-site': 'none' }],
    ['the site’s own Origin', {}],
    ['native clients, which send neither', {}],
  ])('lets %s through', async (what, headers: Record<string, string>) => {
    stubUpstream();
    const sent = what.includes('Origin') ? { ...headers, origin: base } : headers;
    for (const [path, query] of spending) {
      const answer = await rawRequest(base, `${path}?${query}`, { headers: sent });
      expect(answer.status, path).toBe(200);
    }
    expect(stack.fixture.seen.map((r) => r.url.split('?')[0])).toEqual(spending.map(([path]) => path));
  });

  it('leaves GETs that spend nothing open to other sites', async () => {
    const answer = await rawRequest(base, '/api/get_env_type', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).status).toBe('OK');
  });
});
