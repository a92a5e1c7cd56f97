/**
 * One instance or two, SQLite or PostgreSQL (issue 11), through the BFF (`next start`), in one run:
 *
 *  - one upstream on SQLite, one site;
 *  - one upstream on PostgreSQL, one site;
 *  - two upstreams on PostgreSQL, two sites, behind a round-robin proxy (tests/support/round-robin.ts).
 *
 * Two workloads each, with autocannon for BENCH_SECONDS: `query_word` alone (anonymous, the
 * quota lifted), and a mixed read/write one of logged-in learners (looking words up, which
 * writes the history and the word list, marking 生词, reading the word list and the user info).
 * PostgreSQL is a throwaway cluster of this run (tests/support/postgres.ts). Run with
 * `npm run bench:scale` after `npm run build`; never part of the tests.
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20), BENCH_USERS (20).
 */
import autocannon from 'autocannon';
import { startNext, type RunningNext } from '../tests/support/next-server';
import { createDatabase, startPostgresCluster } from '../tests/support/postgres';
import { startRoundRobin } from '../tests/support/round-robin';
import { cookieValue, setCookie } from '../tests/support/stack';
import { lookupBodies, ms, reporter, startEmbeddedUpstream } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const userCount = Number(process.env.BENCH_USERS ?? 20);

interface Setup {
  name: string;
  /** The URL the load goes to: the site, or the proxy in front of the sites. */
  url: string;
  /** An upstream, for the test outbox. */
  upstreamUrl: string;
  stop(): Promise<void>;
}

const upstreamEnv = (databaseUrl?: string): Record<string, string> => ({
  FREE_USES_ANONYMOUS: '100000000',
  FREE_USES_LOGIN: '100000000',
  EMAIL_CODE_LIMIT_ADDRESS: '0',
  EMAIL_CODE_LIMIT_MAILBOX: '0',
  EMAIL_CODE_LIMIT_GLOBAL: '0',
  EMAIL_CODE_COOLDOWN_SECONDS: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

async function startSetup(name: string, instances: number, databaseUrl?: string): Promise<Setup> {
  const upstreams = await Promise.all(Array.from({ length: instances }, () => startEmbeddedUpstream(upstreamEnv(databaseUrl))));
  const sites: RunningNext[] = await Promise.all(upstreams.map((u) => startNext({ UPSTREAM_URL: u.url })));
  const proxy = instances > 1 ? await startRoundRobin(sites.map((s) => s.url)) : null;
  return {
    name,
    url: proxy?.url ?? sites[0].url,
    upstreamUrl: upstreams[0].url,
    async stop() {
      await proxy?.close();
      await Promise.all(sites.map((s) => s.stop()));
      for (const u of upstreams) u.stop();
    },
  };
}

const post = (base: string, name: string, body: unknown, cookie?: string) =>
  fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** Logs `userCount` learners in through the setup's front; answers their Cookie headers. */
async function learners(setup: Setup): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const email = `bench${i}-${Date.now()}@example.com`;
    await post(setup.url, 'pre_email_login', { email });
    const outbox = await (await fetch(`${setup.upstreamUrl}/__test/outbox?email=${encodeURIComponent(email)}`)).json();
    const answer = await post(setup.url, 'email_login', { email, code: outbox.messages[0].code });
    cookies.push(`yj_session=${cookieValue(setCookie(answer.headers, 'yj_session'))}`);
  }
  return cookies;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, requests: () => { path: string; body: string; cookie?: string }): Promise<Load> {
  const origin = new URL(url).origin;
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const next = requests();
          return {
            ...req,
            path: next.path,
            body: next.body,
            headers: { 'content-type': 'application/json', origin, ...(next.cookie ? { cookie: next.cookie } : {}) },
          };
        },
      },
    ],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function measure(setup: Setup): Promise<{ query: Load; mixed: Load }> {
  // Warm: the dictionary engine opens its data on the first lookup of each upstream.
  for (let i = 0; i < 4; i++) await post(setup.url, 'query_word', JSON.parse(lookupBodies[0]));
  let q = 0;
  const query = await load(setup.url, () => ({ path: '/api/query_word', body: lookupBodies[q++ % lookupBodies.length] }));

  const cookies = await learners(setup);
  let m = 0;
  const mixed = await load(setup.url, () => {
    const i = m++;
    const cookie = cookies[i % cookies.length];
    switch (i % 4) {
      case 0:
        return { path: '/api/query_word', body: lookupBodies[i % lookupBodies.length], cookie };
      case 1:
        return { path: '/api/query_history', body: JSON.stringify({ page: 1, page_size: 20 }), cookie };
      case 2:
        return { path: '/api/set_strange_status', body: JSON.stringify({ word: 'bank', strange: (i >> 2) % 2 }), cookie };
      default:
        return { path: '/api/get_user_info', body: '{}', cookie };
    }
  });
  return { query, mixed };
}

async function main() {
  const { say, save } = reporter('scale-out');
  say(`# One instance or two, SQLite or PostgreSQL, through the BFF — ${new Date().toISOString()}`);
  say(`${seconds} s per workload, ${connections} connections, ${userCount} learners in the mixed one; Node ${process.version}`);
  const cluster = await startPostgresCluster();
  const results: [string, { query: Load; mixed: Load }][] = [];
  try {
    const setups: [string, number, (() => Promise<string>) | null][] = [
      ['1 upstream + 1 site, SQLite', 1, null],
      ['1 upstream + 1 site, PostgreSQL', 1, () => createDatabase(cluster.adminUrl)],
      ['2 upstreams + 2 sites, PostgreSQL, round-robin proxy', 2, () => createDatabase(cluster.adminUrl)],
    ];
    for (const [name, instances, database] of setups) {
      const setup = await startSetup(name, instances, database ? await database() : undefined);
      try {
        results.push([name, await measure(setup)]);
      } finally {
        await setup.stop();
      }
    }
  } finally {
    cluster.stop();
  }
  say();
  say('| setup | query_word req/s | p99 | mixed req/s | p99 | errors |');
  say('|---|---|---|---|---|---|');
  for (const [name, { query, mixed }] of results) {
    say(
      `| ${name} | ${query.rps.toFixed(0)} | ${ms(query.p99)} | ${mixed.rps.toFixed(0)} | ${ms(mixed.p99)} | ${query.errors + mixed.errors} |`,
    );
  }
  const [, one] = results[1];
  const [, two] = results[2];
  say();
  say(
    `two instances ÷ one on PostgreSQL: query_word ×${(two.query.rps / one.query.rps).toFixed(2)}, mixed ×${(two.mixed.rps / one.mixed.rps).toFixed(2)}`,
  );
  save();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
