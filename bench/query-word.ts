/**
 * query_word latency, straight to the embedded upstream and through the BFF (`next start`).
 * Run with `npm run bench:query-word` after `npm run build`; never part of the tests.
 *
 *  1. Cold: the first lookup after start (the engine opens its data lazily).
 *  2. One lookup at a time over a fixed set of words in sentences, several rounds: p50, p99.
 *  3. New sentences: each lookup in a sentence not seen before (the development set's, one word
 *     each), so that its parse and its library examples' readings are not cached yet.
 *  4. Under load (autocannon, BENCH_CONNECTIONS connections, the same set in rotation): req/s.
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_ROUNDS (5).
 */
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { startNext } from '../tests/support/next-server';
import { statSync } from 'node:fs';
import { lazySenseModel, SENSE_MODEL_FILE } from '../upstream/language/senses';
import { readSenseDev } from './sense-dev';
import { lookupBodies as bodies, lookups, ms, pct, reporter, startEmbeddedUpstream } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

// A returning browser with its visitor cookie; the quota is lifted for the run.
const jsonHeaders = { 'content-type': 'application/json', cookie: 'yj_vid=bench-visitor-0001' };

async function lookUp(agent: Agent, base: string, body: string): Promise<number> {
  const started = performance.now();
  const answer = await request(`${base}/api/query_word`, {
    method: 'POST',
    dispatcher: agent,
    headers: jsonHeaders,
    body,
  });
  const json = (await answer.body.json()) as { status: string };
  if (answer.statusCode !== 200 || json.status !== 'OK')
    throw new Error(`query_word: ${answer.statusCode} ${JSON.stringify(json)}`);
  return performance.now() - started;
}

async function oneAtATime(base: string): Promise<number[]> {
  const agent = new Agent({ connections: 1 });
  const times: number[] = [];
  try {
    for (const body of bodies) await lookUp(agent, base, body); // warm-up round
    for (let r = 0; r < rounds; r++) for (const body of bodies) times.push(await lookUp(agent, base, body));
  } finally {
    await agent.close();
  }
  return times;
}

async function underLoad(base: string) {
  let i = 0;
  const r = await autocannon({
    url: `${base}/api/query_word`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: jsonHeaders,
        setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }),
      },
    ],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const { say, save } = reporter('query-word');
  say(`# query_word benchmark — ${new Date().toISOString()}`);
  say(
    `${lookups.length} words in sentences, ${rounds} rounds one at a time; load: ${seconds} s, ${connections} connections; Node ${process.version}`,
  );

  // The sense model the product reads (upstream/language/models/senses.txt.br): its file, the time
  // to read it and the memory it holds, in this process.
  const file = statSync(SENSE_MODEL_FILE, { throwIfNoEntry: false });
  if (file) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const model = lazySenseModel()?.get();
    const loadMs = performance.now() - started;
    global.gc?.();
    const held = process.memoryUsage().rss - before;
    say();
    say(
      `sense model: file ${(file.size / 1e6).toFixed(1)} MB; read in ${ms(loadMs)} (between requests in a started product); ${model?.inventory.size ?? 0} lemmas, weights ${((model?.weightBytes ?? 0) / 1e6).toFixed(0)} MB; resident memory +${(held / 1e6).toFixed(0)} MB`,
    );
  }

  const upstream = await startEmbeddedUpstream({ FREE_USES_ANONYMOUS: '100000000', FREE_USES_PER_ADDRESS: '100000000' });
  const next = await startNext({ UPSTREAM_URL: upstream.url });
  try {
    const agent = new Agent({ connections: 1 });
    const cold = await lookUp(agent, upstream.url, bodies[0]);
    await agent.close();
    say();
    say(`first lookup after start (data opened lazily): ${ms(cold)}`);

    const direct = await oneAtATime(upstream.url);
    const viaBff = await oneAtATime(next.url);
    say();
    say('## One lookup at a time');
    say('| path | p50 | p99 | max |');
    say('|---|---|---|---|');
    say(`| straight to the upstream | ${ms(pct(direct, 50))} | ${ms(pct(direct, 99))} | ${ms(Math.max(...direct))} |`);
    say(`| through the BFF | ${ms(pct(viaBff, 50))} | ${ms(pct(viaBff, 99))} | ${ms(Math.max(...viaBff))} |`);

    // One target per sentence, in the order of the set; each sentence is new to the upstream.
    const seen = new Set<string>();
    const fresh = readSenseDev()
      .filter((t) => !seen.has(t.sentence) && seen.add(t.sentence))
      .slice(0, 200)
      .map((t) =>
        JSON.stringify({
          pre_context: t.sentence.slice(0, t.start),
          target_word: t.target,
          post_context: t.sentence.slice(t.end),
          from: 'bench',
        }),
      );
    const freshAgent = new Agent({ connections: 1 });
    const freshTimes: number[] = [];
    try {
      for (const body of fresh) freshTimes.push(await lookUp(freshAgent, next.url, body));
    } finally {
      await freshAgent.close();
    }
    say();
    say(`## New sentences through the BFF (${fresh.length}, each parsed for the first time)`);
    say('| p50 | p99 | max |');
    say('|---|---|---|');
    say(`| ${ms(pct(freshTimes, 50))} | ${ms(pct(freshTimes, 99))} | ${ms(Math.max(...freshTimes))} |`);

    const loadDirect = await underLoad(upstream.url);
    const loadBff = await underLoad(next.url);
    say();
    say(`## Under load (${connections} connections)`);
    say('| path | req/s | p50 | p99 | errors |');
    say('|---|---|---|---|---|');
    say(
      `| straight to the upstream | ${loadDirect.rps.toFixed(0)} | ${ms(loadDirect.p50)} | ${ms(loadDirect.p99)} | ${loadDirect.errors} |`,
    );
    say(`| through the BFF | ${loadBff.rps.toFixed(0)} | ${ms(loadBff.p50)} | ${ms(loadBff.p99)} | ${loadBff.errors} |`);
  } finally {
    await next.stop();
    upstream.stop();
  }
  save();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
