/**
 * The outside probe, rerun: what an attacker and a bad network do to the product. Run with
 * `npm run bench:probe` after `npm run build`; never part of the tests. Three parts, each also
 * alone (`npm run bench:probe -- fuzz|kill|soak`):
 *
 *  1. fuzz — PROBE_FUZZ (10,000) requests with random paths, methods, headers and bodies (seeded,
 *     PROBE_SEED) against the production site, whose upstream sits behind a recording relay.
 *     Counts every answer by status and every 5xx by cause (decided by the BFF, relayed from the
 *     upstream, or Next's own), and every upstream request outside the allow-list (an escape).
 *  2. kill — the README's `npm start`; a burst of valid calls at 20 connections, the embedded
 *     upstream killed with SIGKILL in the middle: the answers during the outage, the time until
 *     the API answers 200 again, and whether the site kept serving pages.
 *  3. soak — the README's `npm start`; PROBE_SOAK (50,000) mixed valid calls at PROBE_CONNECTIONS
 *     (20), among them calls that the upstream answers before reading their body: stray 502s,
 *     other 5xx, throughput, and the site's memory before, during and after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { seededRandom } from '../tests/support/seeded-random';
import { join } from 'node:path';
import { Pool, request } from 'undici';
import { callList, contentCategories, parseContentPath } from '../lib/contract';
import { startNext } from '../tests/support/next-server';
import { freePort } from '../tests/support/ports';
import { pct, reporter, startEmbeddedUpstream } from './support';

const fuzzCount = Number(process.env.PROBE_FUZZ ?? 10_000);
const soakCount = Number(process.env.PROBE_SOAK ?? 50_000);
const connections = Number(process.env.PROBE_CONNECTIONS ?? 20);
const seed = Number(process.env.PROBE_SEED ?? 20261124);
const only = process.argv[2];
const report = reporter('probe');

// ---- shared ------------------------------------------------------------------------------------

/** A small seeded generator (mulberry32), so that a run can be repeated exactly. */
function random(seedValue: number) {
  const next = seededRandom(seedValue);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

const count = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const table = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `| ${k} | ${v} |`);

/** The catalogue JSON the BFF writes for a failure it decided. */
const bffDescriptions: Record<string, string> = {
  '服务暂时不可用，请稍后再试': 'BFF: upstream unreachable (502)',
  '服务返回了无法识别的响应': 'BFF: unreadable upstream answer (502)',
  '服务响应超时，请稍后再试': 'BFF: upstream timeout (504)',
  '服务器错误': 'BFF: unexpected error (500)',
};

interface Launched {
  base: string;
  upstreamUrl: string;
  log: () => string;
  pid: (name: 'upstream' | 'next') => number;
  stop: () => Promise<void>;
}

/** The product as the README starts it: `npm start` (scripts/serve.mjs), fresh data. */
async function launchProduct(env: Record<string, string> = {}): Promise<Launched> {
  const [port, upstreamPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'yujing-probe-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs', 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      UPSTREAM_PORT: String(upstreamPort),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) break;
    } catch {
      // not yet
    }
    if (i > 1200) throw new Error(`npm start did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    log: () => output,
    pid: (name) => Number([...output.matchAll(new RegExp(`${name} (?:started|is back) \\(pid (\\d+)`, 'g'))].at(-1)?.[1]),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : NaN;
  } catch {
    return NaN; // not known (a launcher that does not log its children's pids)
  }
}

/** Logs new users in through the BFF; answers their session cookies. */
async function sessions(site: Launched, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `probe${i}-${Date.now()}@example.com`;
    const post = (path: string, body: unknown) =>
      fetch(site.base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.base },
        body: JSON.stringify(body),
      });
    await post('/api/pre_email_login', { email });
    const outbox = await (await fetch(`${site.upstreamUrl}/__test/outbox?email=${encodeURIComponent(email)}`)).json();
    const login = await post('/api/email_login', { email, code: (outbox as { messages: { code: string }[] }).messages[0].code });
    const session = login.headers.getSetCookie().find((c) => c.startsWith('yj_session='));
    if (!session) throw new Error(`could not log in: ${login.status}`);
    cookies.push(session.split(';')[0]);
  }
  return cookies;
}

// ---- 1. fuzz -----------------------------------------------------------------------------------

/** An HTTP relay in front of the upstream that records every request the BFF sends on. */
function recordingRelay(target: string): Promise<{ url: string; seen: { method: string; url: string }[]; close: () => void }> {
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
function allowed(url: string): boolean {
  const path = url.split('?')[0];
  if (allowedPaths.has(path)) return true;
  if (!path.startsWith('/api/')) return false;
  try {
    return parseContentPath(path.slice(5).split('/').map(decodeURIComponent)) !== null;
  } catch {
    return false;
  }
}

function fuzzRequests(n: number) {
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

type Answer = { status: number; contentType: string; body: string } | { error: string };

function send(base: URL, req: ReturnType<typeof fuzzRequests>[number]): Promise<Answer> {
  return new Promise((resolve) => {
    const done = (a: Answer) => resolve(a);
    if (req.raw) {
      const head = `${req.raw}\r\nHost: ${base.host}\r\nConnection: close\r\n\r\n`;
      const withBody = req.raw.includes('Content-Length: ') && req.body !== undefined;
      const socket = connect(Number(base.port), base.hostname, () => socket.write(withBody ? head + req.body : head));
      let text = '';
      socket.setTimeout(10_000, () => socket.destroy());
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
        { host: base.hostname, port: base.port, method: req.method, path: req.path, headers, timeout: 30_000, agent: false },
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
      const head = Object.entries(req.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
      const length = req.body === undefined ? '' : `\r\nContent-Length: ${Buffer.byteLength(req.body)}`;
      void send(base, { ...req, raw: `${req.method} ${req.path} HTTP/1.1${head ? `\r\n${head}` : ''}${length}` }).then(done);
      return;
    }
    out.on('timeout', () => out.destroy(new Error('timeout')));
    out.on('error', (e) => done({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    out.end(req.body);
  });
}

function causeOf(a: Extract<Answer, { status: number }>): string {
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

async function fuzz() {
  report.say(`## 1. Fuzz: ${fuzzCount} requests, seed ${seed}, ${connections} at a time`);
  const upstream = await startEmbeddedUpstream({ SEED_CONTENT: 'false' });
  const relay = await recordingRelay(upstream.url);
  const next = await startNext({ UPSTREAM_URL: relay.url });
  relay.seen.length = 0; // the readiness probe
  const base = new URL(next.url);
  const requests = fuzzRequests(fuzzCount);
  const statuses = new Map<string, number>();
  const causes = new Map<string, number>();
  const examples = new Map<string, string>();
  const culprits: string[] = [];
  const started = performance.now();
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
        count(statuses, key);
        if (!examples.has(key)) examples.set(key, `${what} ${JSON.stringify(req.headers).slice(0, 120)}`);
        if ('error' in answer) continue;
        const cause = causeOf(answer);
        if (cause.startsWith('Next itself') || cause.startsWith('BFF: unexpected')) {
          culprits.push(JSON.stringify({ ...req, body: req.body?.slice(0, 300) }));
        }
        if (cause) {
          count(causes, cause);
          if (!examples.has(cause)) examples.set(cause, `${what} ${JSON.stringify(req.headers).slice(0, 120)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const escapes = relay.seen.filter((s) => !allowed(s.url));
  const unexpected = (next.output().match(/unexpected error/g) ?? []).length;
  const health = await fetch(`${next.url}/healthz`);
  report.say(
    `${fuzzCount} requests in ${seconds.toFixed(1)} s; the upstream received ${relay.seen.length}, of which outside the allow-list: **${escapes.length}**`,
  );
  for (const e of escapes.slice(0, 10)) report.say(`- escape: ${e.method} ${e.url}`);
  report.say(`'unexpected error' lines in the site's log: ${unexpected}; /healthz afterwards: ${health.status}`);
  report.say('\n| status | answers | first request |\n|---|---|---|');
  for (const [key, n] of [...statuses.entries()].sort((a, b) => b[1] - a[1])) {
    report.say(`| ${key} | ${n} | ${(examples.get(key) ?? '').replace(/\|/g, '\\|')} |`);
  }
  const nextOwn = [...causes.entries()]
    .filter(([c]) => c.startsWith('Next itself') || c.startsWith('BFF: unexpected'))
    .reduce((s, [, n]) => s + n, 0);
  report.say(`\n5xx by cause (not decided by the BFF: **${nextOwn}**):\n\n| cause | answers | first request |\n|---|---|---|`);
  for (const [cause, n] of [...causes.entries()].sort((a, b) => b[1] - a[1]))
    report.say(`| ${cause} | ${n} | ${(examples.get(cause) ?? '').replace(/\|/g, '\\|')} |`);
  if (culprits.length)
    report.say(
      `\nRequests answered with a 5xx the BFF did not decide:\n${culprits
        .slice(0, 20)
        .map((c) => `- \`${c}\``)
        .join('\n')}`,
    );
  const logged = next
    .output()
    .split('\n')
    .filter((l) => /unexpected error|⨯|Error:/.test(l))
    .slice(0, 10);
  if (logged.length) report.say(`\nThe site's log:\n${logged.map((l) => `    ${l}`).join('\n')}`);
  await next.stop();
  relay.close();
  upstream.stop();
}

// ---- the valid calls of the kill and soak parts -----------------------------------------------

function validCalls(cookies: string[]) {
  const r = random(seed + 1);
  const post = (path: string, body: unknown, cookie?: string) => ({
    method: 'POST' as const,
    path,
    body: JSON.stringify(body),
    cookie,
  });
  const sentences = [
    ['The river ', 'bank', ' was muddy after the rain.'],
    ['She ran the ', 'company', ' for ten years.'],
    ['He decided to ', 'table', ' the proposal.'],
  ];
  const mix: (() => { method: 'GET' | 'POST'; path: string; body?: string; cookie?: string })[] = [
    () => ({ method: 'GET', path: '/api/get_env_type' }),
    () => post('/api/explain_pos', { pos: r.pick(['n', 'v', 'adj', 'adv']) }),
    () => {
      const [pre, word, postText] = r.pick(sentences);
      return post('/api/query_word', { pre_context: pre, target_word: word, post_context: postText }, r.pick(cookies));
    },
    () => post('/api/query_history', { page: 1 }, r.pick(cookies)),
    () => post('/api/get_user_info', {}, r.pick(cookies)),
    () => post('/api/annotate_data', { user_id: `probe-${r.int(5)}` }, r.pick(cookies)),
    () => ({ method: 'GET', path: '/api/get_remain_vip_num', cookie: r.pick(cookies) }),
    // Answered before their body is read (not built yet): what used to poison pooled connections.
    () => post('/api/query', { text: 'x'.repeat(r.pick([100, 20_000, 300_000])) }, r.pick(cookies)),
    () => post('/api/query_text_history', { page: 1 }, r.pick(cookies)),
  ];
  return () => r.pick(mix)();
}

interface Tally {
  statuses: Map<string, number>;
  stray: number;
  latencies: number[];
}

async function fire(pool: Pool, base: string, call: ReturnType<ReturnType<typeof validCalls>>, tally: Tally): Promise<number> {
  const started = performance.now();
  try {
    const answer = await request(base + call.path, {
      dispatcher: pool,
      method: call.method,
      body: call.body,
      headers: { 'content-type': 'application/json', origin: base, ...(call.cookie ? { cookie: call.cookie } : {}) },
    });
    const text = await answer.body.text();
    tally.latencies.push(performance.now() - started);
    const key = `${call.path} ${answer.statusCode}`;
    count(tally.statuses, key);
    if (answer.statusCode === 502 && text.includes('服务暂时不可用')) tally.stray++;
    return answer.statusCode;
  } catch (error) {
    count(tally.statuses, `${call.path} no answer: ${(error as NodeJS.ErrnoException).code}`);
    return 0;
  }
}

// ---- 2. kill -----------------------------------------------------------------------------------

async function kill() {
  report.say(`\n## 2. The upstream killed mid-burst (npm start, ${connections} connections)`);
  const site = await launchProduct({ SEED_CONTENT: 'false' });
  const cookies = await sessions(site, 3);
  const next = validCalls(cookies);
  const pool = new Pool(site.base, { connections });
  const tally: Tally = { statuses: new Map(), stray: 0, latencies: [] };
  const timeline: { t: number; status: number }[] = [];
  const started = performance.now();
  let running = true;
  const workers = Array.from({ length: connections }, async () => {
    while (running) timeline.push({ t: performance.now() - started, status: await fire(pool, site.base, next(), tally) });
  });
  const pages: number[] = [];
  const pageWatch = (async () => {
    while (running) {
      pages.push((await fetch(`${site.base}/AboutUs`).catch(() => ({ status: 0 }))).status);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await new Promise((r) => setTimeout(r, 3000));
  const victim = site.pid('upstream');
  const killedAt = performance.now() - started;
  process.kill(victim, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 7000));
  running = false;
  await Promise.all([...workers, pageWatch]);
  await pool.close();
  const after = timeline.filter((e) => e.t > killedAt);
  const firstFailure = after.find((e) => e.status !== 200);
  const lastFailure = [...after].reverse().find((e) => e.status !== 200 && e.status !== 401 && e.status !== 501);
  const recovered = after.find((e) => lastFailure && e.t > lastFailure.t && e.status === 200);
  const outage = after.filter((e) => e.status === 502).length;
  report.say(
    `killed pid ${victim} at ${(killedAt / 1000).toFixed(1)} s; answers after the kill: ${after.length}, of them 502 JSON: ${outage}, with no answer at all: ${after.filter((e) => e.status === 0).length}`,
  );
  report.say(
    `first failure ${firstFailure ? ((firstFailure.t - killedAt) / 1000).toFixed(2) : '-'} s after the kill; API answering 200 again ${recovered ? ((recovered.t - killedAt) / 1000).toFixed(2) : 'never'} s after the kill`,
  );
  report.say(
    `pages during the burst: ${pages.length} requests of /AboutUs, ${pages.filter((s) => s !== 200).length} not 200; the launcher is ${site.log().includes('stopping the product') ? 'STOPPED' : 'still running'}`,
  );
  report.say(
    `launcher log: ${site
      .log()
      .split('\n')
      .filter((l) => l.startsWith('[serve]') && !l.includes('Yujing on'))
      .slice(-3)
      .join(' / ')}`,
  );
  await site.stop();
}

// ---- 3. soak -----------------------------------------------------------------------------------

async function soak() {
  report.say(`\n## 3. Soak: ${soakCount} mixed valid calls through npm start, ${connections} connections`);
  const site = await launchProduct({ SEED_CONTENT: 'false' });
  const cookies = await sessions(site, 5);
  const next = validCalls(cookies);
  const nextPid = site.pid('next');
  const rss = { before: rssMb(nextPid), peak: 0, after: 0 };
  const pool = new Pool(site.base, { connections });
  const tally: Tally = { statuses: new Map(), stray: 0, latencies: [] };
  const started = performance.now();
  let sent = 0;
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssMb(nextPid))), 1000);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < soakCount) {
        sent++;
        await fire(pool, site.base, next(), tally);
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  await new Promise((r) => setTimeout(r, 10_000));
  rss.after = rssMb(nextPid);
  const fiveHundreds = [...tally.statuses.entries()].filter(([k]) => / 5\d\d$/.test(k) && !k.endsWith(' 501'));
  report.say(
    `${soakCount} calls in ${seconds.toFixed(1)} s (${(soakCount / seconds).toFixed(0)} req/s), p50 ${pct(tally.latencies, 50).toFixed(1)} ms, p99 ${pct(tally.latencies, 99).toFixed(1)} ms`,
  );
  report.say(
    `stray 502 服务暂时不可用: **${tally.stray}**; other 5xx (501 'not built yet' aside): ${fiveHundreds.reduce((s, [, n]) => s + n, 0)}`,
  );
  report.say(`site (next-server) RSS: ${rss.before} MB before, ${rss.peak} MB at the peak, ${rss.after} MB 10 s after`);
  report.say('\n| call and status | answers |\n|---|---|');
  for (const line of table(tally.statuses)) report.say(line);
  await site.stop();
}

async function main() {
  report.say(`# Probe ${new Date().toISOString()}`);
  if (!only || only === 'fuzz') await fuzz();
  if (!only || only === 'kill') await kill();
  if (!only || only === 'soak') await soak();
  report.save();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
