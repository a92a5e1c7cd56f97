import http from 'node:http';
import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callList, contentPath } from '../lib/contract';
import { createContentLibrary } from './reading/library';
import { eventually, startTestUpstream, type TestUpstream } from './test-harness';
import { warmUpSoon } from './platform/warm-up';

// Sends the path as written: fetch would normalise '..' away before it left the process.
function rawRequest(base: string, method: string, path: string): Promise<{ http: number; body: any }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ http: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject).end();
  });
}

describe('upstream protocol', () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
  });
  afterAll(() => upstream.stop());

  it('answers the health check', async () => {
    const { http: status, body } = await upstream.request('/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK' });
  });

  it('is ready once the warm-ups of its start are over (GET /ready), alive meanwhile (GET /health)', async () => {
    expect(await upstream.request('/ready')).toMatchObject({ http: 200, body: { status: 'OK' } });
    const stop = warmUpSoon(
      'models',
      () => {},
      () => {},
    );
    expect(await upstream.request('/ready')).toMatchObject({ http: 503, body: { status: 'WARMING_UP' } });
    expect((await upstream.request('/health')).http).toBe(200);
    await stop();
    expect((await upstream.request('/ready')).http).toBe(200);
  });

  it('tells the environment type', async () => {
    const { http: status, body } = await upstream.request('/api/get_env_type');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK', data: { env_type: 'test' } });
  });

  it('answers 501 with the call name for a call that is not built yet', async () => {
    // A call of the spec's list that no feature answers (yet).
    const { http: status, body } = await upstream.call('get_wechat_user_info', {});
    expect(status).toBe(501);
    expect(body).toEqual({ status: '501', description: '该功能尚未开放：get_wechat_user_info' });
  });

  it('keeps a keep-alive connection usable after answering before the body was read', async () => {
    // One connection for everything: each answer must leave it fit for the next request.
    const agent = new Agent({ connections: 1, pipelining: 1 });
    const send = async (path: string, body: string | null, method = 'POST') => {
      const answer = await request(upstream.url + path, {
        method,
        body,
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
      });
      await answer.body.text();
      return answer;
    };
    try {
      const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
      for (let i = 0; i < 20; i++) {
        // A call not built yet, an unknown path and a wrong method answer without reading the body.
        for (const [path, method] of [
          ['/api/query', 'POST'],
          ['/api/nothing_here', 'POST'],
          ['/api/get_remain_vip_num', 'POST'],
        ]) {
          const refused = await send(path, big, method);
          expect(refused.statusCode).toBeGreaterThanOrEqual(400);
          expect(refused.headers.connection).not.toBe('close');
        }
        const next = await send('/api/explain_pos', '{"pos":"n"}');
        expect(next.statusCode).toBe(200);
      }
    } finally {
      await agent.close();
    }
  });

  it('does not log a caller that went away while its body was read', async () => {
    const url = new URL(upstream.url);
    const before = upstream.logs.length;
    for (const path of ['/api/explain_pos', '/api/query_word', '/api/make_book']) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"pos":`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 100);
        });
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(upstream.logs.slice(before).filter((l) => l.startsWith('[error]'))).toEqual([]);
    expect((await upstream.request('/health')).http).toBe(200);
  });

  it('closes the connection in the answer when it will not read a body over the limit', async () => {
    const answer = await request(`${upstream.url}/api/query`, {
      method: 'POST',
      body: Buffer.alloc(22 * 1024 * 1024, 'x'),
      headers: { 'content-type': 'application/json' },
    }).catch((error: { code?: string }) => error);
    // The answer (413, Connection: close) may come while the body is still being sent; either
    // way the client is told, and no connection is left for reuse.
    if ('statusCode' in answer) {
      expect(answer.statusCode).toBe(413);
      expect(answer.headers.connection).toBe('close');
      await answer.body.text();
    } else {
      expect(['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(answer.code);
    }
  });

  it('refuses a huge WeChat Pay notification with 413 before reading its body', async () => {
    const url = new URL(upstream.url);
    const socket = connect(Number(url.port), url.hostname);
    let answered = '';
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (chunk) => (answered += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.write(
      'POST /wechatpay/notify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 300000000\r\n\r\n',
    );
    // A kilobyte of the 300 MB announced: the answer comes without waiting for the rest.
    socket.write(Buffer.alloc(1024, 0x20));
    await eventually(() => answered.includes('\r\n\r\n'));
    expect(answered).toMatch(/^HTTP\/1\.1 413 /);
    expect(answered.toLowerCase()).toContain('connection: close');
    socket.end();
    await closed;
  });

  it('limits every body by where it goes: a notification to 64 KB, a call’s JSON to 1 MB, an upload to 20 MB', async () => {
    const chunked = (size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < size; sent += 16 * 1024) controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
          controller.close();
        },
      });
    // Chunked, so no length is announced: refused as it passes the limit.
    const notify = await fetch(`${upstream.url}/wechatpay/notify`, {
      method: 'POST',
      body: chunked(128 * 1024),
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(notify.status).toBe(413);
    const json = await upstream.request('/api/translate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(1_200_000) }),
    });
    expect([json.http, json.body]).toEqual([413, { status: '413', description: '请求内容过大' }]);
    // A 5 MB upload is within its limit: it reaches the call (which wants a login).
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(5 * 1024 * 1024).fill(0x61)]), 'book.txt');
    expect((await upstream.request('/api/make_book', { method: 'POST', body: form })).http).toBe(401);
  });

  it('refuses JSON nested too deeply to walk with 400, whatever content type it comes under', async () => {
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
      const answer = await upstream.request('/api/get_share_num', {
        method: 'POST',
        headers: { 'content-type': type },
        body: deep,
      });
      expect([answer.http, answer.body.status]).toEqual([400, '400']);
    }
    expect(upstream.logs.filter((line) => line.includes('Maximum call stack'))).toEqual([]);
  });

  it('routes every call of the contract with its method', async () => {
    // None may fall through to 404 or 405: each is either built or an honest 501.
    for (const call of callList) {
      const answer = await upstream.request(`/api/${call.name}`, { method: call.method });
      expect([200, 400, 401, 501], `${call.method} ${call.path}`).toContain(answer.http);
    }
  });

  it('answers 405 with Allow for the wrong method on a known call', async () => {
    const answer = await upstream.call('get_env_type');
    expect(answer.http).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
    expect(answer.body.status).toBe('405');

    const get = await upstream.request('/api/logout');
    expect(get.http).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers 404 in the envelope for unknown paths', async () => {
    for (const path of ['/api/no_such_call', '/nothing/here', '/api/get_env_type/extra/x/y']) {
      const answer = await upstream.request(path, { method: 'POST' });
      expect(answer.http, path).toBe(404);
      expect(answer.body).toEqual({ status: '404', description: '访问资源不存在' });
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const answer = await upstream.request('/api/pre_email_login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(answer.http).toBe(400);
    expect(answer.body).toEqual({ status: '400', description: '请求参数错误：JSON 格式不正确' });
  });

  it('refuses bodies that fail the contract schema with 400 naming the field', async () => {
    const badEmail = await upstream.call('pre_email_login', { email: 'not-an-address' });
    expect(badEmail.http).toBe(400);
    expect(badEmail.body.status).toBe('400');
    expect(badEmail.body.description).toMatch(/^请求参数错误：email/);

    const badCode = await upstream.call('email_login', { email: 'a@example.com', code: '12ab56' });
    expect(badCode.http).toBe(400);
    expect(badCode.body.description).toMatch(/^请求参数错误：code/);

    const notAnObject = await upstream.call('pre_email_login', ['a@example.com']);
    expect(notAnObject.http).toBe(400);

    const badClientType = await upstream.call('get_wechat_access_token', { code: 'x', client_type: 'mac' });
    expect(badClientType.http).toBe(400);
    expect(badClientType.body.description).toMatch(/client_type/);
  });

  it('accepts a call without parameters with no body at all', async () => {
    const answer = await upstream.request('/api/logout', { method: 'POST' });
    expect(answer.http).toBe(200);
    expect(answer.body).toEqual({ status: 'OK' });
  });

  describe('content paths', () => {
    it('routes a well-formed content path to the content call, which answers the document or 404', async () => {
      const library = createContentLibrary({ db: upstream.db, log: () => {}, now: upstream.clock.now });
      const documents = [
        { category: 'cet4' as const, sub_category: 'unit-1', filename: 'lesson_01.txt' },
        { category: 'new_concept_english' as const, filename: 'Lesson 1 (A) 你好' },
      ];
      for (const id of documents) {
        await library.importDocument({ ...id, title: 'Lesson', source: 'test', licence: 'CC0', text: 'Excuse me. Yes?' });
        const answer = await upstream.request(contentPath(id), { method: 'POST' });
        expect(answer.http, contentPath(id)).toBe(200);
        expect(answer.body.data).toMatchObject({
          filename: id.filename,
          paragraphs: [[{ text: 'Excuse me.' }, { text: 'Yes?' }]],
        });
      }
      const unknown = await upstream.request('/api/cet4/unit-1/lesson_02.txt', { method: 'POST' });
      expect(unknown.http).toBe(404);
      expect(unknown.body).toEqual({ status: '404', description: '访问资源不存在' });
    });

    it('answers 404 for unknown categories and path tricks', async () => {
      for (const path of [
        '/api/secrets/file',
        '/api/cet4/a%2Fb',
        '/api/cet4/a%5Cb',
        '/api/cet4/a/b/c',
        '/api/cet4/..',
        '/api/cet4/%2E%2E',
        '/api/cet4/x/..',
      ]) {
        const answer = await rawRequest(upstream.url, 'POST', path);
        expect(answer.http, path).toBe(404);
        expect(answer.body.status).toBe('404');
      }
    });

    it('answers 405 for a content path with the wrong method', async () => {
      const answer = await upstream.request('/api/cet4/unit-1/lesson_01.txt');
      expect(answer.http).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    });
  });
});

describe('unexpected failures', () => {
  it('answers 500 with the catalogue message, logs the stack, and keeps no half-sent code', async () => {
    const upstream = await startTestUpstream({
      mailer: {
        async send() {
          throw new Error('relay exploded');
        },
      },
    });
    try {
      const first = await upstream.call('pre_email_login', { email: 'x@example.com' });
      expect(first.http).toBe(500);
      expect(first.body).toEqual({ status: '500', description: '服务器错误' });
      expect(upstream.logs.join('\n')).toMatch(/relay exploded[\s\S]*at /);
      // The failed code was withdrawn, so the retry is not held back by the cooldown.
      const retry = await upstream.call('pre_email_login', { email: 'x@example.com' });
      expect(retry.http).toBe(500);
      const login = await upstream.call('email_login', { email: 'x@example.com', code: '000000' });
      expect(login.body.status).toBe('code_expired');
    } finally {
      await upstream.stop();
    }
  });
});

describe('production environment', () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream({ env: { ENV_TYPE: 'production' } });
  });
  afterAll(() => upstream.stop());

  it('tells the production environment type', async () => {
    const { body } = await upstream.request('/api/get_env_type');
    expect(body.data.env_type).toBe('production');
  });

  it('has no test outbox', async () => {
    const answer = await upstream.request('/__test/outbox?email=a@example.com');
    expect(answer.http).toBe(404);
  });

  it('refuses e-mail login without SMTP instead of using the outbox sandbox', async () => {
    const answer = await upstream.call('pre_email_login', { email: 'a@example.com' });
    expect(answer.http).toBe(503);
    expect(answer.body.status).toBe('503');
    expect(upstream.logs.join('\n')).not.toMatch(/code=/);
  });
});
