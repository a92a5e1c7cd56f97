import { Agent, fetch as undiciFetch, type BodyInit } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-request';
import { startStack, type Stack } from './support/stack';

// The BFF in front of the upstream: allow-list, header hygiene, limits, failures, streams.
let stack: Stack;
let base: string;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  stack = await startStack({ UPSTREAM_TIMEOUT_MS: '1500' });
  base = stack.next.url;
});
afterAll(() => stack?.stop());
afterEach(() => stack.fixture.reset());

/**
 * A refused body leaves its connection unusable (the server stops reading it mid-way), so the
 * oversized requests get a connection of their own instead of poisoning the shared pool.
 */
async function isolatedFetch(url: string, init: Parameters<typeof undiciFetch>[1]) {
  const dispatcher = new Agent();
  try {
    const answer = await undiciFetch(url, { ...init, dispatcher });
    return { status: answer.status, body: await answer.text() };
  } finally {
    await dispatcher.destroy();
  }
}

const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  fetch(base + path, { method: 'POST', headers: { ...json, origin: base, ...headers }, body: JSON.stringify(body) });

describe('allow-list', () => {
  it('forwards a contract call and answers unknown /api paths with 404 JSON', async () => {
    const ok = await fetch(`${base}/api/get_env_type`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'OK', data: { env_type: 'test' } });

    const unknown = await post('/api/drop_all_tables');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: '404', description: '访问资源不存在' });
    expect(stack.fixture.seen.map((r) => r.url)).toEqual(['/api/get_env_type']);
  });

  it.each([
    '/api/get_env_type/..%2f..%2fadmin',
    '/api/..%2fadmin',
    '/api/x%2f..%2fget_env_type',
    '/api//evil.example/api/get_env_type',
    '/api/http:%2f%2fevil.example%2fapi%2fget_env_type',
    '/api/get_env_type%5c..%5cadmin',
    '/api/paper/..%5c..%5cetc/passwd',
    '/api/paper/%2e%2e/secret',
    '/api/get_env_type%00',
    '/api/%E0%A4%A',
  ])('never forwards the trick %s', async (path) => {
    const answer = await rawRequest(base, path, { method: 'POST', headers: { ...json, origin: base } });
    if (answer.status === 308) {
      // Next's own slash normalisation: a redirect that stays on this site.
      expect(String(answer.headers.location)).toMatch(/^\/(?!\/)/);
    } else {
      expect([400, 404]).toContain(answer.status);
      expect(answer.headers['content-type']).toContain('application/json');
    }
    expect(stack.fixture.seen).toEqual([]);
  });

  it('answers 405 for a known call with the wrong method', async () => {
    const answer = await fetch(`${base}/api/get_user_info`);
    expect(answer.status).toBe(405);
    expect(stack.fixture.seen).toEqual([]);
  });

  it('routes content calls of known categories only, rebuilt from the contract', async () => {
    const routed = await post('/api/paper/2023/%E8%8B%B1%E8%AF%AD%E4%B8%80.md');
    expect(stack.fixture.last('/api/paper/2023/%E8%8B%B1%E8%AF%AD%E4%B8%80.md')).toBeDefined();
    // Relayed: the upstream has no such paper and says so, with JSON.
    expect(routed.status).toBe(404);
    expect(await routed.json()).toEqual({ status: '404', description: '访问资源不存在' });

    const unknown = await post('/api/secrets/2023/a.md');
    expect(unknown.status).toBe(404);
    expect(stack.fixture.seen).toHaveLength(1);
  });

  it('passes GET query parameters through to the allow-listed path', async () => {
    stack.fixture.on('/api/get_text_audio', (_req, res) => res.end('x'));
    await fetch(`${base}/api/get_text_audio?text=hello%20world&x=%2F..`);
    const seen = new URL(stack.fixture.last('/api/get_text_audio')!.url, 'http://upstream');
    expect(seen.pathname).toBe('/api/get_text_audio');
    expect(Object.fromEntries(seen.searchParams)).toEqual({ text: 'hello world', x: '/..' });
  });
});

describe('headers', () => {
  it('sends upstream only the fixed list of request headers', async () => {
    await post(
      '/api/translate',
      { text: 'hi' },
      {
        cookie: 'yj_vid=visitor-1234567; other=secret',
        'accept-language': 'zh-CN',
        accept: 'application/json',
        'x-custom': 'leak',
      },
    );
    const seen = stack.fixture.last('/api/translate')!;
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-custom']).toBeUndefined();
    expect(seen.headers.host).toBe(`127.0.0.1:${stack.fixture.port}`);
    expect(seen.headers['accept-language']).toBe('zh-CN');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['x-forwarded-for']).toMatch(/^[\d.:a-f]+$/);
    expect(seen.headers['x-visitor-id']).toBe('visitor-1234567');
    // The visitor came with its cookie: not a new one.
    expect(seen.headers['x-visitor-new']).toBeUndefined();
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('strips hop-by-hop headers, content-length and set-cookie from the answer', async () => {
    stack.fixture.on('/api/translate', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'upstream_session=abc; Path=/',
        'keep-alive': 'timeout=99',
        'x-upstream-trace': 't-1',
      });
      res.end(JSON.stringify({ status: 'OK', data: { translation: '你好' } }));
    });
    const answer = await post('/api/translate', { text: 'hi' }, { cookie: 'yj_vid=visitor-1234567' });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().join()).not.toContain('upstream_session');
    expect(answer.headers.get('keep-alive')).not.toBe('timeout=99');
    expect(answer.headers.get('x-upstream-trace')).toBe('t-1');
    expect(await answer.json()).toEqual({ status: 'OK', data: { translation: '你好' } });
  });

  it('gives a new visitor an HttpOnly visitor cookie, and tells the upstream the visitor is new', async () => {
    const answer = await fetch(`${base}/api/get_env_type`);
    const line = answer.headers.getSetCookie().find((c) => c.startsWith('yj_vid='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=lax/i);
    const seen = stack.fixture.last('/api/get_env_type')!;
    expect(seen.headers['x-visitor-id']).toBe(/^yj_vid=([^;]+)/.exec(line ?? '')?.[1]);
    expect(seen.headers['x-visitor-new']).toBe('1');
  });
});

describe('bodies', () => {
  it('refuses a 2 MB JSON body with 413 before the upstream sees it', async () => {
    const answer = await isolatedFetch(`${base}/api/translate`, {
      method: 'POST',
      headers: { ...json, origin: base },
      body: JSON.stringify({ text: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ status: '413' });
    expect(stack.fixture.seen).toEqual([]);
  });

  it('refuses an oversized chunked body (no content-length) too', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(97);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const answer = await isolatedFetch(`${base}/api/translate`, {
      method: 'POST',
      headers: { ...json, origin: base },
      body: body as unknown as BodyInit,
      duplex: 'half',
    });
    expect(answer.status).toBe(413);
    expect(stack.fixture.seen).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    const answer = await fetch(`${base}/api/translate`, { method: 'POST', headers: { ...json, origin: base }, body: '{"text":' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ status: '400' });
  });

  it('streams a multipart upload through and refuses one over 20 MB', async () => {
    stack.fixture.on('/api/make_book', (req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'OK', data: { bytes: body.length, type: req.headers['content-type'] } }));
    });
    const small = new FormData();
    small.append('title', '我的书');
    small.append('file', new Blob([new Uint8Array(1_500_000).fill(1)]), 'book.txt');
    const ok = await fetch(`${base}/api/make_book`, { method: 'POST', headers: { origin: base }, body: small });
    expect(ok.status).toBe(200);
    const okBody = (await ok.json()) as { data: { bytes: number; type: string } };
    expect(okBody.data.bytes).toBeGreaterThan(1_500_000);
    expect(okBody.data.type).toMatch(/^multipart\/form-data; boundary=/);

    stack.fixture.reset();
    // Declared too large: refused before a byte is read.
    const declared = await rawRequest(base, '/api/make_book', {
      method: 'POST',
      headers: { origin: base, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(21 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    // Streamed without a length: cut off once it passes 20 MB.
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const refused = await isolatedFetch(`${base}/api/make_book`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'multipart/form-data; boundary=x' },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 22) controller.enqueue(chunk);
          else controller.close();
        },
      }) as unknown as BodyInit,
      duplex: 'half',
    }).catch((error: Error) => ({ status: 0, body: error.message }));
    // Either the 413 answer arrives, or the connection is cut while still sending; never 200.
    expect([413, 0]).toContain(refused.status);
    expect(stack.fixture.seen.filter((r) => r.url === '/api/make_book' && r.body.length > 20 * 1024 * 1024)).toEqual([]);
  });
});

describe('upstream failures', () => {
  it('answers 502 JSON while the upstream is down, and keeps serving', async () => {
    const port = stack.fixture.port;
    await stack.fixture.stop();
    try {
      const down = await post('/api/get_user_info');
      expect(down.status).toBe(502);
      expect(await down.json()).toEqual({ status: '502', description: '服务暂时不可用，请稍后再试' });
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ upstream: 'unreachable' });
    } finally {
      await stack.fixture.start(port);
    }
    const back = await fetch(`${base}/api/get_env_type`);
    expect(back.status).toBe(200);
  });

  it('answers 504 JSON when the upstream is slower than the timeout', async () => {
    stack.fixture.on('/api/translate', (_req, res) => {
      setTimeout(() => res.end('{"status":"OK"}'), 4000).unref();
    });
    const started = Date.now();
    const answer = await post('/api/translate', { text: 'slow' });
    expect(answer.status).toBe(504);
    expect(await answer.json()).toMatchObject({ status: '504' });
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('does not follow an upstream redirect', async () => {
    stack.fixture.on('/api/query', (_req, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:9/steal' });
      res.end();
    });
    const answer = await post('/api/query');
    expect(answer.status).toBe(502);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('passes upstream error answers through with their status', async () => {
    const answer = await post('/api/query_history', {});
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ status: '401', description: '请先登录' });
  });
});

describe('streams', () => {
  it('relays binary audio byte for byte', async () => {
    const bytes = Buffer.alloc(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 256;
    stack.fixture.on('/api/get_text_audio', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(bytes);
    });
    const answer = await fetch(`${base}/api/get_text_audio?text=hello`);
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('relays server-sent events as they are sent, without buffering', async () => {
    stack.fixture.on('/api/ask_stream', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (let i = 0; i < 5; i++) {
        res.write(`data: ${JSON.stringify({ content: `part ${i}`, completed: i === 4, sentAt: Date.now() })}\n\n`);
        await new Promise((r) => setTimeout(r, 300));
      }
      res.end();
    });
    const answer = await fetch(`${base}/api/ask_stream?label=S&start=0&end=3&question=why&conversation_id=1&round_id=1`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    expect(answer.headers.get('cache-control')).toContain('no-transform');
    expect(answer.headers.get('content-encoding')).toBeNull();
    const lags: number[] = [];
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = JSON.parse(buffer.slice(6, end)) as { sentAt: number };
        lags.push(Date.now() - event.sentAt);
        buffer = buffer.slice(end + 2);
      }
    }
    expect(lags).toHaveLength(5);
    // Each event arrives when sent (a buffering relay would hold them for the whole 1.5 s).
    expect(Math.max(...lags)).toBeLessThan(200);
  });

  it('holds 300 streams open at once, each getting its first event before any ends', async () => {
    const held: { end(): void }[] = [];
    stack.fixture.on('/api/ask_stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"content":"first"}\n\n');
      held.push(res);
    });
    const controllers = Array.from({ length: 300 }, () => new AbortController());
    try {
      const firstEvents = await Promise.all(
        controllers.map(async (controller, i) => {
          const answer = await fetch(`${base}/api/ask_stream?question=q${i}`, { signal: controller.signal });
          const reader = answer.body!.getReader();
          const first = await Promise.race([
            reader.read().then(({ value }) => new TextDecoder().decode(value)),
            new Promise<string>((r) => setTimeout(() => r('nothing yet'), 15_000)),
          ]);
          return first;
        }),
      );
      // With the short calls' connection cap the 257th stream would wait for another to end.
      expect(firstEvents.filter((text) => text.includes('first'))).toHaveLength(300);
    } finally {
      for (const res of held) res.end();
      for (const controller of controllers) controller.abort();
    }
  });

  it('closes the upstream request when the browser goes away', async () => {
    let upstreamClosed: (() => void) | null = null;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    stack.fixture.on('/api/ask_stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write('data: {"content":"."}\n\n'), 100);
      res.on('close', () => {
        clearInterval(timer);
        upstreamClosed?.();
      });
    });
    const controller = new AbortController();
    const answer = await fetch(`${base}/api/ask_stream?question=q`, { signal: controller.signal });
    const reader = answer.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(
      Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still open'), 3000))]),
    ).resolves.toBe('closed');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin with 403', async () => {
    const answer = await post('/api/logout', {}, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ status: '403' });
    expect(stack.fixture.seen).toEqual([]);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site, accepts same-origin', async () => {
    expect((await post('/api/translate', { text: 'a' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post('/api/translate', { text: 'a' }, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await post('/api/translate', { text: 'a' }, { 'sec-fetch-site': 'same-origin' })).status).not.toBe(403);
  });

  it('lets clients without Origin (native apps) through, and reads are never refused', async () => {
    const native = await fetch(`${base}/api/translate`, { method: 'POST', headers: json, body: '{"text":"a"}' });
    expect(native.status).not.toBe(403);
    const read = await fetch(`${base}/api/get_env_type`, { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });
});
