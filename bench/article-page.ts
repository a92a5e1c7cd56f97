/**
 * A reading page served from cache (issue 15's budget: ≥ 300 requests/s with p99 ≤ 50 ms at 20
 * connections). Run with `npm run bench:article` after `npm run build`; never part of the tests.
 *
 * It starts the embedded upstream (a throwaway database with the shipped library) and the
 * production build (`next start`) in front of it, asks for the page once so that its document is
 * in Next's data cache, checks that the answer is the page (200, the text in it), then loads it
 * with autocannon: requests per second, p50, p99, errors, and the page's size. What is measured is
 * Next rendering the page from the cached document (the root layout reads the session, so the
 * HTML itself is rendered per request; the document is not fetched again).
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20), BENCH_ARTICLE (the
 * page, default /Article/carroll-alice).
 */
import autocannon from 'autocannon';
import { gzipSync } from 'node:zlib';
import { startNext } from '../tests/support/next-server';
import { ms, reporter, startEmbeddedUpstream } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const path = process.env.BENCH_ARTICLE ?? '/Article/carroll-alice';
const budget = { rps: 300, p99: 50 };

// A returning anonymous reader: a visitor cookie, a browser's Accept.
const headers = { cookie: 'yj_vid=bench-visitor-0001', accept: 'text/html', 'accept-encoding': 'gzip' };

async function main() {
  const report = reporter('article-page');
  const upstream = await startEmbeddedUpstream();
  const next = await startNext({ UPSTREAM_URL: upstream.url });
  try {
    const url = `${next.url}${path}`;
    // The first request fills the cache (the upstream's library may still be seeding: wait for it).
    let html = '';
    for (let i = 0; i < 120; i++) {
      const answer = await fetch(url, { headers: { cookie: headers.cookie } });
      html = await answer.text();
      if (answer.ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!html.includes('data-testid="article-text"')) throw new Error(`${path} is not a reading page:\n${html.slice(0, 500)}`);

    await autocannon({ url, connections, duration: 2, headers });
    const r = await autocannon({ url, connections, duration: seconds, headers });
    const errors = r.errors + r.non2xx + r.timeouts;

    report.say(`# Reading page from cache: ${path}`);
    report.say();
    report.say(`${new Date().toISOString()}, ${connections} connections, ${seconds} s, production build (next start)`);
    report.say(`page: ${(html.length / 1024).toFixed(1)} KB HTML, ${(gzipSync(html).length / 1024).toFixed(1)} KB gzipped`);
    report.say();
    report.say('| requests/s | p50 | p90 | p99 | max | errors | budget |');
    report.say('|---|---|---|---|---|---|---|');
    const pass = r.requests.average >= budget.rps && r.latency.p99 <= budget.p99 && errors === 0;
    report.say(
      `| ${r.requests.average.toFixed(0)} | ${ms(r.latency.p50)} | ${ms(r.latency.p90)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} | ${errors} | ${pass ? 'met' : 'NOT met'} (≥ ${budget.rps}/s, p99 ≤ ${budget.p99} ms) |`,
    );
    report.save();
  } finally {
    await next.stop();
    upstream.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
