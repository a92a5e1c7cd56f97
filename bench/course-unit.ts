/**
 * A course unit's content (query_course_unit_content) after warm-up: issue 16's budget, p99 ≤ 30 ms.
 * Run with `npm run bench:course-unit` (after `npm run build` for the BFF's figures); never part of
 * the tests.
 *
 * It starts the embedded upstream over a throwaway database with the shipped library and, when a
 * production build is there, `next start` in front of it. The first call builds the books (timed:
 * "cold"); a warm-up round then asks for every unit of the set once (each word is made on first
 * ask and kept). Then, one request at a time, several rounds over a set of units of every kind
 * (CET-4 and CET-6 word units, sentence units, reading passages, whole papers): p50, p90, p99, max; straight to
 * the upstream and through the BFF. Last, under load (autocannon, BENCH_CONNECTIONS connections,
 * the set in rotation) through the BFF: requests/s and p99.
 *
 * Environment: BENCH_ROUNDS (default 20), BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
 */
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { Agent, request } from 'undici';
import { startNext, type RunningNext } from '../tests/support/next-server';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const budgetP99 = 30;

const headers = { 'content-type': 'application/json', cookie: 'yj_vid=bench-visitor-0001' };

// Units of every kind, spread through their books.
const units = [
  ...[1, 2, 50, 100, 150, 190].map((unit) => ({ course_id: 'cet4-word', unit })),
  ...[1, 120, 250].map((unit) => ({ course_id: 'cet6-word', unit })),
  ...[1, 40, 85].map((unit) => ({ course_id: 'cet4-sentence', unit })),
  ...[1, 3, 100, 300].map((unit) => ({ course_id: 'cet4-reading', unit })),
  // Whole 模拟卷 with their questions (a 考研 paper is some 2,500 words and 50 questions).
  ...[1, 6, 20, 36].map((unit) => ({ course_id: 'paper-reading-question', unit })),
];
const bodies = units.map((u) => JSON.stringify(u));

async function ask(agent: Agent, base: string, body: string): Promise<number> {
  const started = performance.now();
  const answer = await request(`${base}/api/query_course_unit_content`, { method: 'POST', dispatcher: agent, headers, body });
  const json = (await answer.body.json()) as { status: string };
  if (answer.statusCode !== 200 || json.status !== 'OK') throw new Error(`${body}: ${answer.statusCode} ${JSON.stringify(json)}`);
  return performance.now() - started;
}

async function oneAtATime(base: string): Promise<number[]> {
  const agent = new Agent({ connections: 1 });
  const times: number[] = [];
  try {
    for (const body of bodies) await ask(agent, base, body); // warm-up round
    for (let r = 0; r < rounds; r++) for (const body of bodies) times.push(await ask(agent, base, body));
  } finally {
    await agent.close();
  }
  return times;
}

async function main() {
  const report = reporter('course-unit');
  const upstream = await startEmbeddedUpstream({ SEED_CONTENT: 'true' });
  let next: RunningNext | undefined;
  try {
    const agent = new Agent({ connections: 1 });
    const cold = await ask(agent, upstream.url, bodies[0]);
    await agent.close();
    if (existsSync('.next/BUILD_ID')) next = await startNext({ UPSTREAM_URL: upstream.url });

    report.say('# A course unit’s content (query_course_unit_content)');
    report.say();
    report.say(
      `${new Date().toISOString()}, ${units.length} units of word, sentence and reading books, ${rounds} rounds one at a time after a warm-up round`,
    );
    report.say();
    report.say(`First call after start (builds the books from ECDICT and the library): ${ms(cold)}`);
    report.say();
    report.say(`| path | p50 | p90 | p99 | max | budget (p99 ≤ ${budgetP99} ms) |`);
    report.say('|---|---|---|---|---|---|');
    const paths: [string, string][] = [['upstream', upstream.url]];
    if (next) paths.push(['through the BFF (next start)', next.url]);
    for (const [name, base] of paths) {
      const times = await oneAtATime(base);
      report.say(
        `| ${name} | ${ms(pct(times, 50))} | ${ms(pct(times, 90))} | ${ms(pct(times, 99))} | ${ms(Math.max(...times))} | ${pct(times, 99) <= budgetP99 ? 'met' : 'NOT met'} |`,
      );
    }
    if (!next) report.say('\n(no production build: run `npm run build` for the BFF figures)');
    else {
      let i = 0;
      const r = await autocannon({
        url: `${next.url}/api/query_course_unit_content`,
        connections,
        duration: seconds,
        requests: [{ method: 'POST', headers, setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }) }],
      });
      report.say();
      report.say(
        `Under load through the BFF, ${connections} connections, ${seconds} s: ${r.requests.average.toFixed(0)} requests/s, p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, errors ${r.errors + r.non2xx + r.timeouts}`,
      );
    }
    report.save();
  } finally {
    await next?.stop();
    upstream.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
