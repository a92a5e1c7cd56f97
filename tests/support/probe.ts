import http from 'node:http';
import { connect } from 'node:net';
import { callList, contentCategories, parseContentPath } from '../../lib/contract';
import { seededRandom } from './seeded-random';

/*
 * The outside probe's requests: random paths, methods, headers and bodies, seeded so that a run
 * can be repeated exactly, and how to tell who decided an answer. The long form is
 * `npm run bench:probe` (bench/probe.ts); tests/probe.test.ts runs a short form in every test run.
 */

/** A small seeded generator (mulberry32), so that a run can be repeated exactly. */
export function random(seedValue: number) {
  const next = seededRandom(seedValue);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

/** The catalogue JSON the BFF writes for a failure it decided. */
export const bffDescriptions: Record<string, string> = {
  '服务暂时不可用，请稍后再试': 'BFF: upstream unreachable (502)',
  '服务返回了无法识别的响应': 'BFF: unreadable upstream answer (502)',
  '服务响应超时，请稍后再试': 'BFF: upstream timeout (504)',
  '服务器错误': 'BFF: unexpected error (500)',
};

/** An HTTP relay in front of the upstream that records every request the BFF sends on. */
export function recordingRelay(
  target: string,
): Promise<{ url: string; seen: { method: string; url: string }[]; close: () => void }> {
  const seen: { method: string; url: string }[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen, close: () => server.close() }),
    ),
  );
}

const allowedPaths = new Set([...callList.map((c) => c.path), '/health', '/sandbox/wechat/authorize']);

/** Whether a path the BFF sent upstream is one the contract allows. */
export function allowed(url: string): boolean {
  const path = url.split('?')[0];
  if (allowedPaths.has(path)) return true;
  if (!path.startsWith('/api/')) return false;
  try {
    return parseContentPath(path.slice(5).split('/').map(decodeURIComponent)) !== null;
  } catch {
    return false;
  }
}

export function fuzzRequests(n: number, seed: number) {
  const r = random(seed);
  const callPaths = callList.map((c) => c.path);
  const tricks = [
    '..',
    '%2e%2e',
    '%2E%2E',
    '.',
    '%2f',
    '%2F',
    '%5c',
    '\\',
    '//',
    '%00',
    '%',
    '%zz',
    '%c0%af',
    '%ef%bc%8f',
    '..;',
    ';',
    '~',
    'evil.example',
    '@evil.example',
    'http:',
    '%0d%0aSet-Cookie:x=1',
    '<script>',
    '"',
    "'",
    '{{7*7}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as written
    '${7*7}',
    '|',
    '*',
    '𝒳',
    '\u202e',
    'ａｐｉ',
    'a'.repeat(300),
    'health',
    '__test',
    'sandbox',
    '_next',
    'static',
    'Login',
  ].map((t) => t.replace(/[^\x21-\x7e]/gu, encodeURIComponent));
  const pages = [
    '/',
    '/AboutUs',
    '/ContextualDict',
    '/Words',
    '/annotate/x',
    '/Login',
    '/Login/wechat',
    '/NotFound',
    '/zhenti',
    '/aiBook/nope',
    '/healthz',
    '/sandbox/wechat/authorize',
    '/_next/static/x.js',
    '/favicon.ico',
    '/robots.txt',
  ];
  const methods = [
    'GET',
    'GET',
    'POST',
    'POST',
    'POST',
    'HEAD',
    'PUT',
    'PATCH',
    'DELETE',
    'OPTIONS',
    'TRACE',
    'PROPFIND',
    'MKCOL',
    'LOCK',
    'SEARCH',
    'PURGE',
  ];
  const contentTypes = [
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'multipart/form-data; boundary=x',
    'multipart/form-data',
    'application/x-www-form-urlencoded',
    'application/vnd.api+json',
    'garbage/garbage',
    '',
  ];
  const segment = () =>
    r.chance(0.5) ? r.pick(tricks) : r.pick(['query_word', 'cet4', 'paper', 'x', 'get_env_type', 'ask_stream', 'a.b', '文件']);
  const path = () => {
    const roll = r.next();
    if (roll < 0.3)
      return (
        r.pick(callPaths) +
        (r.chance(0.2) ? `?${r.pick(['a=1', 'text=%ff', `text=${'x'.repeat(5000)}`, '%', '&&&', 'q=<x>'])}` : '')
      );
    if (roll < 0.55) return `/api/${Array.from({ length: 1 + r.int(4) }, segment).join('/')}`;
    if (roll < 0.65) return `/api/${r.pick(contentCategories)}/${segment()}${r.chance(0.5) ? `/${segment()}` : ''}`;
    if (roll < 0.8)
      return (
        r.pick(pages) +
        (r.chance(0.3)
          ? `?back=${encodeURIComponent(r.pick(['//evil.example', '/.//evil', 'javascript:1', '/x']))}&code=${segment()}&state=${segment()}`
          : '')
      );
    if (roll < 0.9) return `/${Array.from({ length: 1 + r.int(3) }, segment).join('/')}`;
    return r.pick([
      '*',
      'http://evil.example/api/get_env_type',
      '//api/get_env_type',
      '/api//get_env_type',
      '/api/get_env_type/',
      '/api/',
      '/api',
      '/%61pi/get_env_type',
    ]);
  };
  const jsonBodies = () =>
    r.pick([
      '{}',
      '',
      '{',
      '[]',
      'null',
      '"x"',
      '{"email":"a@b.c"}',
      '{"pre_context":"the ","post_context":" bank","target_word":"river"}',
      JSON.stringify({ target_word: '\ud800', pre_context: '\u0000', post_context: `\u202e${'𝒳'.repeat(50)}` }),
      JSON.stringify({ text: 'x'.repeat(r.pick([10, 5000, 400_000, 1_100_000])) }),
      '{"user_id":{"$ne":1},"current_word_index":"1 OR 1=1","sense_id":[1,2]}',
      '{"__proto__":{"admin":true}}',
      `{"pos":"${'n'.repeat(100_000)}"}`,
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ]);
  const headerSets = (): Record<string, string> => {
    const h: Record<string, string> = {};
    if (r.chance(0.6)) h['content-type'] = r.pick(contentTypes);
    if (r.chance(0.3)) h.origin = r.pick(['https://evil.example', 'null', 'http://127.0.0.1', '']);
    if (r.chance(0.15)) h.rsc = '1';
    if (r.chance(0.15))
      h['next-router-state-tree'] = r.pick([
        'garbage',
        '%5B%22%22%5D',
        '%%%',
        encodeURIComponent('["",{"children":["x",{}]},null,null,true]'),
      ]);
    if (r.chance(0.05)) h['next-action'] = r.pick(['x', '0'.repeat(40)]);
    if (r.chance(0.05)) h['x-middleware-subrequest'] = 'middleware:middleware:middleware:middleware:middleware';
    if (r.chance(0.1)) h['x-forwarded-host'] = 'evil.example';
    if (r.chance(0.1)) h['x-forwarded-proto'] = r.pick(['https', 'gopher']);
    if (r.chance(0.1)) h['x-forwarded-for'] = r.pick(['1.2.3.4', '::1', 'garbage', '1.1.1.1, 2.2.2.2']);
    if (r.chance(0.15))
      h.cookie = r.pick([
        'yj_session=garbage',
        `yj_session=${'A'.repeat(4000)}`,
        'yj_vid=../../x',
        'yj_oauth_state=;yj_back=//evil',
      ]);
    if (r.chance(0.1)) h.authorization = r.pick(['Bearer x', 'Basic Zm9vOmJhcg==', `Bearer ${'x'.repeat(1000)}`]);
    if (r.chance(0.05)) h['user-agent'] = `isApp=true ${'x'.repeat(r.pick([10, 2000]))}`;
    if (r.chance(0.05)) h.range = 'bytes=0-1,5-';
    if (r.chance(0.05)) h.accept = 'text/event-stream';
    if (r.chance(0.03)) h['x-big'] = 'y'.repeat(r.pick([8000, 20_000]));
    return h;
  };
  const methodOf = new Map<string, string>(callList.map((c) => [c.path, c.method]));
  return Array.from({ length: n }, () => {
    const target = path();
    const own = methodOf.get(target.split('?')[0]);
    const method = own && r.chance(0.7) ? own : r.pick(methods);
    // (Node's client would write a HEAD's body as the next request: no body on HEAD.)
    const body =
      method === 'HEAD'
        ? undefined
        : method === 'GET'
          ? r.chance(0.05)
            ? '{}'
            : undefined
          : r.chance(0.85)
            ? jsonBodies()
            : r.pick([
                '--x\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\n\r\nPNG\r\n--x--\r\n',
                Buffer.from([0xff, 0xfe, 0x00, 0x80]).toString('latin1'),
              ]);
    const raw = r.chance(0.03)
      ? r.pick([
          'GET x HTTP/1.1',
          'GET / HTTP/9.9',
          'GET /\x00 HTTP/1.1',
          'FOO / HTTP/1.1',
          'GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked',
          'POST /api/query_word HTTP/1.1\r\nContent-Length: -1',
        ])
      : undefined;
    return { method, path: target, headers: headerSets(), body, raw };
  });
}

export type ProbeRequest = ReturnType<typeof fuzzRequests>[number];

export type Answer = { status: number; contentType: string; body: string } | { error: string };

/** The request as the bare bytes of its head (the body follows it on the socket). */
function asRaw(req: ProbeRequest): ProbeRequest {
  const head = Object.entries(req.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  const length = req.body === undefined ? '' : `\r\nContent-Length: ${Buffer.byteLength(req.body)}`;
  return { ...req, raw: `${req.method} ${req.path} HTTP/1.1${head ? `\r\n${head}` : ''}${length}` };
}

/** How long a request may go without an answer before it counts as hung. */
const ANSWER_WAIT_MS = 30_000;

export function send(base: URL, req: ProbeRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const done = (a: Answer) => resolve(a);
    if (req.raw) {
      const head = `${req.raw}\r\nHost: ${base.host}\r\nConnection: close\r\n\r\n`;
      const withBody = req.raw.includes('Content-Length: ') && req.body !== undefined;
      const socket = connect(Number(base.port), base.hostname, () => socket.write(withBody ? head + req.body : head));
      let text = '';
      // As patient as the client below: in a test run on 2 busy cores the site's first API answers
      // wait seconds behind the loading of its API route (2.8 s measured on a quiet machine), and
      // a raw request among them once waited more than 10 s.
      socket.setTimeout(ANSWER_WAIT_MS, () => socket.destroy());
      socket.on('data', (d) => (text += d));
      socket.on('error', () => {});
      socket.on('close', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        done(
          status
            ? { status, contentType: /content-type: ([^\r\n]+)/i.exec(text)?.[1] ?? '', body: text.split('\r\n\r\n')[1] ?? '' }
            : { error: 'closed without answer' },
        );
      });
      return;
    }
    let out: http.ClientRequest;
    // Node's client frames a body only for some methods: always say its length.
    const headers =
      req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) };
    try {
      out = http.request(
        {
          host: base.hostname,
          port: base.port,
          method: req.method,
          path: req.path,
          headers,
          timeout: ANSWER_WAIT_MS,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks).toString('utf8').slice(0, 400),
            }),
          );
          res.on('error', (e) => done({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
        },
      );
    } catch {
      // Node's client will not write such a path (spaces, quotes, backslashes…): write it raw.
      void send(base, asRaw(req)).then(done);
      return;
    }
    out.on('timeout', () => out.destroy(new Error('timeout')));
    out.on('error', (e) => {
      const code = (e as NodeJS.ErrnoException).code ?? e.message;
      // The server answered (431 for headers over Node's 16 KB) and closed while the body was
      // still being written: Node's client drops that answer. Sent again on a bare socket, which
      // reads what comes back whatever happens to the write.
      if (code === 'EPIPE' || code === 'ECONNRESET') {
        void send(base, asRaw(req)).then(done);
        return;
      }
      done({ error: code });
    });
    out.end(req.body);
  });
}

/** Who decided a 5xx: the BFF (by its catalogue's descriptions), the upstream, or Next itself; '' below 500. */
export function causeOf(a: Extract<Answer, { status: number }>): string {
  if (a.status < 500) return '';
  let parsed: { status?: string; description?: string } | null = null;
  try {
    parsed = JSON.parse(a.body);
  } catch {
    // not JSON
  }
  const description = parsed?.description ?? '';
  if (bffDescriptions[description]) return bffDescriptions[description];
  if (parsed?.status && /^application\/json/.test(a.contentType)) {
    return `relayed from the upstream: ${a.status} ${description.replace(/：.*$/, '：<call>').slice(0, 40)}`;
  }
  return `Next itself: ${a.status} ${a.contentType || 'no content-type'} ${a.body.slice(0, 60).replace(/\s+/g, ' ')}`;
}

/** Adds one to a key's count. */
export const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** What the site answered a fuzz run: statuses and 5xx causes counted, and what it should never answer. */
export interface FuzzTally {
  statuses: Map<string, number>;
  causes: Map<string, number>;
  /** The first request that drew each status and each cause. */
  examples: Map<string, string>;
  /** Requests answered with a 5xx that the BFF did not decide (Next's own, or an unexpected error). */
  culprits: string[];
}

/** Sends the requests to the site, `connections` at a time, and tallies the answers. */
export async function fuzzSite(base: URL, requests: ProbeRequest[], connections: number): Promise<FuzzTally> {
  const tally: FuzzTally = { statuses: new Map(), causes: new Map(), examples: new Map(), culprits: [] };
  let i = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (i < requests.length) {
        const req = requests[i++];
        let answer = await send(base, req);
        // A HEAD answer has no body to tell who decided it: ask the same as GET.
        if (req.method === 'HEAD' && 'status' in answer && answer.status >= 500)
          answer = await send(base, { ...req, method: 'GET' });
        const what = req.raw ? `raw ${JSON.stringify(req.raw).slice(0, 80)}` : `${req.method} ${req.path.slice(0, 80)}`;
        const key = 'error' in answer ? `no answer: ${answer.error}` : String(answer.status);
        count(tally.statuses, key);
        if (!tally.examples.has(key)) tally.examples.set(key, `${what} ${JSON.stringify(req.headers).slice(0, 120)}`);
        if ('error' in answer) continue;
        const cause = causeOf(answer);
        if (cause.startsWith('Next itself') || cause.startsWith('BFF: unexpected')) {
          tally.culprits.push(JSON.stringify({ ...req, body: req.body?.slice(0, 300) }));
        }
        if (cause) {
          count(tally.causes, cause);
          if (!tally.examples.has(cause)) tally.examples.set(cause, `${what} ${JSON.stringify(req.headers).slice(0, 120)}`);
        }
      }
    }),
  );
  return tally;
}
