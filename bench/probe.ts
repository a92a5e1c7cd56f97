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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool, request } from 'undici';
import { startNext } from '../tests/support/next-server';
import { allowed, count, fuzzRequests, fuzzSite, random, recordingRelay } from '../tests/support/probe';
import { freePort } from '../tests/support/ports';
import { pct, reporter, startEmbeddedUpstream } from './support';

const fuzzCount = Number(process.env.PROBE_FUZZ ?? 10_000);
const soakCount = Number(process.env.PROBE_SOAK ?? 50_000);
const connections = Number(process.env.PROBE_CONNECTIONS ?? 20);
const seed = Number(process.env.PROBE_SEED ?? 20261124);
const only = process.argv[2];
const report = reporter('probe');

// ---- shared ------------------------------------------------------------------------------------

const table = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `| ${k} | ${v} |`);

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

async function fuzz() {
  report.say(`## 1. Fuzz: ${fuzzCount} requests, seed ${seed}, ${connections} at a time`);
  const upstream = await startEmbeddedUpstream({ SEED_CONTENT: 'false' });
  const relay = await recordingRelay(upstream.url);
  const next = await startNext({ UPSTREAM_URL: relay.url });
  relay.seen.length = 0; // the readiness probe
  const base = new URL(next.url);
  const requests = fuzzRequests(fuzzCount, seed);
  const started = performance.now();
  const { statuses, causes, examples, culprits } = await fuzzSite(base, requests, connections);
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
