import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BffError } from '../lib/bff/errors';
import { outboxCode as outboxCodeOf, startUpstreamChain, type UpstreamChain } from './support/stack';

// The server-side reader over real HTTP: reader → programmable fixture → the embedded upstream.
let chain: UpstreamChain;
let reader: typeof import('../lib/bff/reader');

beforeAll(async () => {
  chain = await startUpstreamChain();
  // The BFF's configuration is read once, at its first use.
  process.env.UPSTREAM_URL = chain.fixture.url;
  process.env.UPSTREAM_TIMEOUT_MS = '10000';
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-iron-session';
  reader = await import('../lib/bff/reader');
});
afterAll(() => chain?.stop());
afterEach(() => {
  chain.fixture.reset();
  reader.clearReadCache();
  vi.restoreAllMocks();
});

const answerJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** What a read threw. */
async function failure(read: Promise<unknown>): Promise<BffError> {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BffError);
  return error as BffError;
}

const outboxCode = (email: string) => outboxCodeOf(chain.upstream.url, email);

describe('reading a call', () => {
  it('builds a GET from the contract and answers the checked response', async () => {
    const answer = await reader.readUpstream('get_env_type', {});
    expect(answer).toEqual({ status: 'OK', data: { env_type: 'test' } });
    const seen = chain.fixture.last('/api/get_env_type')!;
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/api/get_env_type');
    expect(seen.headers.accept).toBe('application/json');
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('sends a GET call’s input as query parameters, leaving absent fields out', async () => {
    // A document as the contract has it: the reader checks the answer too.
    const lesson = {
      category: 'cet4',
      sub_category: null,
      filename: '第 1 课',
      title: '第 1 课',
      year: null,
      source: 'test',
      licence: 'CC0',
      level: 1,
      level_label: '入门',
      word_count: 1,
      profile: { zk: 1, gk: 1, cet4: 0, cet6: 0, ky: 0, ielts: 0 },
      excerpt: 'Hello.',
      created_at: '2026-03-02T02:00:00.000Z',
      paragraphs: [[{ id: 1, text: 'Hello.' }]],
    };
    chain.fixture.on('/api/retrieve_file', (_req, res) => answerJson(res, 200, { status: 'OK', data: lesson }));
    const answer = await reader.readUpstream('retrieve_file', { category: 'cet4', sub_category: undefined, filename: '第 1 课' });
    expect(answer.data?.paragraphs).toEqual(lesson.paragraphs);
    expect(chain.fixture.last('/api/retrieve_file')!.url).toBe(
      `/api/retrieve_file?category=cet4&filename=${encodeURIComponent('第 1 课').replaceAll('%20', '+')}`,
    );
  });

  it('logs in, then reads as the user: JSON bodies, identity and the browser’s headers', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const browser = { 'x-forwarded-for': '10.1.2.3', 'x-visitor-id': 'visitor-reader-1' };
    await reader.readUpstream('pre_email_login', { email }, { headers: browser });
    const sent = chain.fixture.last('/api/pre_email_login')!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-forwarded-for']).toBe('10.1.2.3');
    expect(JSON.parse(sent.body.toString())).toEqual({ email });

    const login = await reader.readUpstream('email_login', { email, code: await outboxCode(email) }, { headers: browser });
    const token = login.data!.token;
    expect(token).toEqual(expect.any(String));

    const user = await reader.readUpstream(
      'get_user_info',
      {},
      {
        identity: { authorization: `Bearer ${token}`, appCookie: 'session=abc' },
        reshape: (answer) => answer.data,
      },
    );
    expect(user).toMatchObject({ nickname: email.split('@')[0], vip_info: { is_vip_now: false } });
    const seen = chain.fixture.last('/api/get_user_info')!;
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen.headers['x-app-cookie']).toBe('session=abc');
  });
});

describe('failures are BffErrors', () => {
  it('an error answer is the upstream’s refusal, kept whole', async () => {
    const email = `refused-${Date.now()}@example.com`;
    await reader.readUpstream('pre_email_login', { email });
    const code = await outboxCode(email);
    const error = await failure(reader.readUpstream('email_login', { email, code: code === '000000' ? '111111' : '000000' }));
    expect(error.httpStatus).toBe(400);
    expect(error.status).toBe('invalid_code');
    expect(error.description).toBe('验证码错误');
    expect(error.upstreamAnswer).toMatchObject({ status: 'invalid_code', description: '验证码错误' });
  });

  it('a 200 answer whose status is not OK is a refused request (400), with every field', async () => {
    chain.fixture.on('/api/translate', (_req, res) =>
      answerJson(res, 200, { status: 'login_user_free_num_limit', description: '今日免费次数已用完', extra: 1 }),
    );
    const error = await failure(reader.readUpstream('translate', { text: 'hello' }));
    expect(error.httpStatus).toBe(400);
    expect(error.status).toBe('login_user_free_num_limit');
    expect(error.upstreamAnswer).toEqual({ status: 'login_user_free_num_limit', description: '今日免费次数已用完', extra: 1 });
  });

  it('an answer that is not JSON, or not the contract’s, is a bad upstream (502)', async () => {
    chain.fixture.on('/api/get_env_type', (_req, res) => answerJson(res, 200, '<html>'));
    expect((await failure(reader.readUpstream('get_env_type', {}))).body()).toEqual({
      status: '502',
      description: '服务返回了无法识别的响应',
    });

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    chain.fixture.on('/api/get_env_type', (_req, res) => answerJson(res, 200, { status: 'OK', data: { env_type: 'staging' } }));
    const error = await failure(reader.readUpstream('get_env_type', {}));
    expect(error.httpStatus).toBe(502);
    expect(error.upstreamAnswer).toBeUndefined();
  });

  it('a redirect is not followed, nor passed on (502)', async () => {
    chain.fixture.on('/api/get_env_type', (_req, res) => {
      res.writeHead(302, { location: 'http://evil.example/', 'content-type': 'application/json' });
      res.end('{"status":"302"}');
    });
    expect((await failure(reader.readUpstream('get_env_type', {}))).httpStatus).toBe(502);
    expect(chain.fixture.seen).toHaveLength(1);
  });

  it('an unreachable upstream is 502 and a slow one 504', async () => {
    const port = chain.fixture.port;
    await chain.fixture.stop();
    try {
      expect((await failure(reader.readUpstream('get_env_type', {}))).httpStatus).toBe(502);
    } finally {
      await chain.fixture.start(port);
    }
    chain.fixture.on('/api/get_env_type', (_req, res) =>
      setTimeout(() => answerJson(res, 200, { status: 'OK', data: { env_type: 'test' } }), 1000),
    );
    expect((await failure(reader.readUpstream('get_env_type', {}, { timeoutMs: 200 }))).body()).toEqual({
      status: '504',
      description: '服务响应超时，请稍后再试',
    });
  });

  it('a caller that went away gets its own abort', async () => {
    chain.fixture.on('/api/get_env_type', (_req, res) =>
      setTimeout(() => answerJson(res, 200, { status: 'OK', data: { env_type: 'test' } }), 1000),
    );
    const controller = new AbortController();
    const read = reader.readUpstream(
      'get_env_type',
      {},
      { signal: controller.signal, cache: { ttlMs: 60_000, failureTtlMs: 60_000 } },
    );
    setTimeout(() => controller.abort(), 100);
    await expect(read).rejects.not.toBeInstanceOf(BffError);
    // Nothing was remembered for the next reader.
    chain.fixture.reset();
    expect(await reader.readUpstream('get_env_type', {}, { cache: { ttlMs: 60_000, failureTtlMs: 60_000 } })).toMatchObject({
      data: { env_type: 'test' },
    });
  });
});

describe('caching', () => {
  const asked = () => chain.fixture.seen.filter((r) => r.url.startsWith('/api/get_env_type')).length;

  it('keeps an answer for its time, per input', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    chain.fixture.on('/api/translate', (_req, res, body) =>
      answerJson(res, 200, { status: 'OK', data: { translation: `译：${JSON.parse(body.toString()).text}` } }),
    );
    const read = (text: string) =>
      reader.readUpstream('translate', { text }, { cache: { ttlMs: 60_000 }, reshape: (a) => a.data?.translation });
    expect(await read('a')).toBe('译：a');
    expect(await read('a')).toBe('译：a');
    expect(await read('b')).toBe('译：b');
    expect(chain.fixture.seen).toHaveLength(2);
    now += 60_001;
    await read('a');
    expect(chain.fixture.seen).toHaveLength(3);
  });

  it('never caches a read for one user or browser', async () => {
    await expect(
      reader.readUpstream('get_user_info', {}, { identity: { authorization: 'Bearer x' }, cache: { ttlMs: 1000 } }),
    ).rejects.toThrow(/never cached/);
    expect(chain.fixture.seen).toHaveLength(0);
  });

  /** A read kept for everyone, as the grammar and membership pages keep theirs; 'production' on failure. */
  const envType = () =>
    reader
      .readUpstream(
        'get_env_type',
        {},
        {
          timeoutMs: 3000,
          cache: { ttlMs: 5 * 60_000, failureTtlMs: 10_000 },
          reshape: (answer) => reader.dataOf(answer).env_type,
        },
      )
      .catch(() => 'production');

  it('a cached read: five minutes for an answer, 10 s for a failure', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    expect(await envType()).toBe('test');
    now += 5 * 60_000 - 1;
    expect(await envType()).toBe('test');
    expect(asked()).toBe(1);
    now += 2;
    chain.fixture.on('/api/get_env_type', (_req, res) => answerJson(res, 500, { status: '500', description: '服务器错误' }));
    expect(await envType()).toBe('production');
    expect(asked()).toBe(2);
    now += 9_999;
    expect(await envType()).toBe('production');
    expect(asked()).toBe(2);
    chain.fixture.reset();
    now += 2;
    expect(await envType()).toBe('test');
    expect(asked()).toBe(1);
  });

  it('a cached read: an answer without data, or too slow, counts as a failure', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    chain.fixture.on('/api/get_env_type', (_req, res) => answerJson(res, 200, { status: 'OK' }));
    expect(await envType()).toBe('production');
    now += 10_001;
    chain.fixture.on('/api/get_env_type', (_req, res) =>
      setTimeout(() => answerJson(res, 200, { status: 'OK', data: { env_type: 'test' } }), 4000),
    );
    const started = performance.now();
    expect(await envType()).toBe('production');
    // Bounded by its own 3 s, not by the upstream timeout (10 s here).
    expect(performance.now() - started).toBeGreaterThan(2900);
    expect(performance.now() - started).toBeLessThan(3900);
  });
});
