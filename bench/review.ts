/**
 * /review through the BFF (`next start` in front of the embedded upstream), for one learner with
 * 10,000 cards and 100,000 review logs, on SQLite and on PostgreSQL (a throwaway cluster):
 *  - the next card (review_next) one request at a time: p50, p99;
 *  - a rating (review_rate) of the card just shown: p50, p99.
 * Run with `npm run bench:review` after `npm run build`; never part of the tests.
 *
 *  - exports of 2,000 cards of real words (BENCH_EXPORT_CARDS): CSV, and the Anki package with
 *    the words' UK and US sound synthesized (then cached) and without it: time and size.
 * Environment: BENCH_CARDS (10000), BENCH_LOGS (100000), BENCH_ROUNDS (300).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dictionary as cmuDictionary } from 'cmu-pronouncing-dictionary';
import { Agent, request } from 'undici';
import { openDatabase, type Db } from '../upstream/db/database';
import { loadConfig } from '../upstream/platform/config';
import { newCardColumns } from '../upstream/review/scheduler';
import { startNext } from '../tests/support/next-server';
import { createDatabase, startPostgresCluster } from '../tests/support/postgres';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const cardCount = Number(process.env.BENCH_CARDS ?? 10_000);
const logCount = Number(process.env.BENCH_LOGS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 300);
const exportCards = Number(process.env.BENCH_EXPORT_CARDS ?? 2000);
const exportLines: string[] = [];

/** Logs a learner in on the upstream (the test outbox gives the code) and answers their token. */
async function logIn(upstream: string, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${upstream}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('pre_email_login', { email });
  const outbox = (await (await fetch(`${upstream}/__test/outbox?email=${encodeURIComponent(email)}`)).json()) as {
    messages: { code: string }[];
  };
  const code = outbox.messages[0]?.code;
  const login = (await (await post('email_login', { email, code })).json()) as { data: { token: string } };
  return login.data.token;
}

/**
 * The learner's deck, written straight into the database: cards of every state (a tenth due
 * now, a tenth new), two sentences each, and the review log spread over the past year.
 */
async function seed(db: Db, email: string) {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const now = Date.now();
  const day = 86_400_000;
  for (let i = 0; i < cardCount; i += 500) {
    const cards = Array.from({ length: Math.min(500, cardCount - i) }, (_, k) => {
      const n = i + k;
      const fresh = n % 10 === 0;
      const due = n % 10 === 1 ? now - day : now + ((n % 97) + 1) * day;
      return {
        user_id: user.id,
        lemma: `lemma${n}`,
        sense_id: `lemma${n}%1:00:00::`,
        word: `lemma${n}`,
        headword: `lemma${n}`,
        pos: 'n.',
        sense_en: `the ${n}th sense of a word kept for the benchmark`,
        sense_zh: '基准测试的词义',
        exams: 'cet4',
        origin: 'mark',
        created_at: new Date(now - 365 * day).toISOString(),
        ...newCardColumns(new Date(now - 365 * day)),
        ...(fresh
          ? {}
          : {
              state: 2,
              due: new Date(due).toISOString(),
              stability: 5 + (n % 60),
              difficulty: 5,
              scheduled_days: 10,
              reps: 4,
              last_review: new Date(now - 5 * day).toISOString(),
            }),
      };
    });
    const ids = await db.insertInto('review_cards').values(cards).returning('id').execute();
    await db
      .insertInto('review_sentences')
      .values(
        ids.flatMap(({ id }, k) =>
          [0, 1].map((s) => ({
            card_id: id,
            pre_context: `In sentence ${s} of card ${i + k} the learner met the `,
            word: `lemma${i + k}`,
            post_context: ' while reading an article about something else.',
            source: 'lookup',
            from_screen: 'ContextualDict',
            digest: `d${id}-${s}`,
            created_at: new Date(now).toISOString(),
          })),
        ),
      )
      .execute();
  }
  const cardIds = (await db.selectFrom('review_cards').select('id').where('user_id', '=', user.id).execute()).map((c) => c.id);
  const memory = JSON.stringify({
    state: 2,
    due: new Date(now).toISOString(),
    stability: 10,
    difficulty: 5,
    scheduled_days: 10,
    learning_steps: 0,
    reps: 4,
    lapses: 0,
    last_review: null,
  });
  for (let i = 0; i < logCount; i += 1000) {
    await db
      .insertInto('review_log')
      .values(
        Array.from({ length: Math.min(1000, logCount - i) }, (_, k) => {
          const at = new Date(now - ((i + k) % 365) * day - 3_600_000);
          return {
            user_id: user.id,
            card_id: cardIds[(i + k) % cardIds.length],
            review_id: `seed-${i + k}`,
            kind: 'rate' as const,
            undoes: null,
            rating: 1 + ((i + k) % 4),
            state: 2,
            elapsed_days: 10,
            scheduled_days: 10,
            before: memory,
            after: memory,
            reviewed_at: at.toISOString(),
            day: at.toISOString().slice(0, 10),
          };
        }),
      )
      .execute();
  }
}

async function measure(site: string, token: string) {
  const agent = new Agent({ connections: 1 });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: site };
  const call = async (name: string, body: unknown) => {
    const started = performance.now();
    const answer = await request(`${site}/api/${name}`, {
      method: 'POST',
      dispatcher: agent,
      headers,
      body: JSON.stringify(body),
    });
    const json = (await answer.body.json()) as { status: string; data: { card?: { card_id: number; reps: number } | null } };
    if (answer.statusCode !== 200 || json.status !== 'OK')
      throw new Error(`${name}: ${answer.statusCode} ${JSON.stringify(json)}`);
    return { ms: performance.now() - started, data: json.data };
  };
  const next: number[] = [];
  const rate: number[] = [];
  try {
    for (let r = 0; r < rounds + 20; r++) {
      const shown = await call('review_next', {});
      const card = shown.data.card as { card_id: number; reps: number } | null;
      if (!card) throw new Error('no card left to review');
      const rated = await call('review_rate', {
        card_id: card.card_id,
        rating: 4,
        review_id: `bench-${Date.now()}-${r}`,
        reps: card.reps,
      });
      // The first rounds warm the processes up.
      if (r >= 20) {
        next.push(shown.ms);
        rate.push(rated.ms);
      }
    }
  } finally {
    await agent.close();
  }
  return { next, rate };
}

/** Seeds 2,000 cards of real words for another learner and times their exports through the BFF. */
async function exports(site: string, upstream: string, db: Db, say: (line: string) => void) {
  const email = `bench-export-${Date.now()}@example.com`;
  const token = await logIn(upstream, email);
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // Plain words of CMU's list (the sound is synthesized for each, as for a learner's deck).
  const words = Object.keys(cmuDictionary)
    .filter((w) => /^[a-z]{4,10}$/.test(w))
    .filter((_, i) => i % 17 === 0)
    .slice(0, exportCards);
  const at = new Date();
  const ids = [];
  for (let i = 0; i < words.length; i += 500) {
    const rows = words.slice(i, i + 500).map((word) => ({
      user_id: user.id,
      lemma: word,
      sense_id: `${word}%1:00:00::`,
      word,
      headword: word,
      pos: 'n.',
      sense_en: `a sense of ${word}`,
      sense_zh: '词义',
      exams: '',
      origin: 'mark',
      created_at: at.toISOString(),
      ...newCardColumns(at),
    }));
    ids.push(...(await db.insertInto('review_cards').values(rows).returning('id').execute()));
  }
  await db
    .insertInto('review_sentences')
    .values(
      ids.map(({ id }, k) => ({
        card_id: id,
        pre_context: 'The learner met the word ',
        word: words[k],
        post_context: ' in a sentence of an article.',
        source: 'lookup',
        from_screen: 'ContextualDict',
        digest: `e${id}`,
        created_at: at.toISOString(),
      })),
    )
    .execute();
  for (const [label, query] of [
    ['CSV', 'format=csv'],
    ['Anki package, sound synthesized (cold cache)', 'format=apkg'],
    ['Anki package, sound cached', 'format=apkg'],
    ['Anki package without sound', 'format=apkg&audio=0'],
  ] as const) {
    const started = performance.now();
    const answer = await fetch(`${site}/api/export_review?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = (await answer.arrayBuffer()).byteLength;
    if (!answer.ok) throw new Error(`export_review: ${answer.status}`);
    say(
      `| ${label} | ${words.length} | ${((performance.now() - started) / 1000).toFixed(2)} s | ${(bytes / 1024 / 1024).toFixed(2)} MB |`,
    );
  }
}

async function run(label: string, databaseEnv: Record<string, string>, say: (line: string) => void) {
  const upstream = await startEmbeddedUpstream({ SEED_CONTENT: 'false', FREE_USES_LOGIN: '100000', ...databaseEnv });
  const site = await startNext({ UPSTREAM_URL: upstream.url, ENV_TYPE: 'test' });
  const db = openDatabase(loadConfig({ ...databaseEnv, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-review-')) }));
  try {
    const email = `bench-${Date.now()}@example.com`;
    const token = await logIn(upstream.url, email);
    const seeded = performance.now();
    await seed(db, email);
    say(
      `${label}: seeded ${cardCount} cards and ${logCount} review logs in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const { next, rate } = await measure(site.url, token);
    say(`| ${label} | review_next | ${ms(pct(next, 50))} | ${ms(pct(next, 99))} |`);
    say(`| ${label} | review_rate | ${ms(pct(rate, 50))} | ${ms(pct(rate, 99))} |`);
    if (label === 'SQLite' && exportCards > 0) await exports(site.url, upstream.url, db, (line) => exportLines.push(line));
  } finally {
    await db.destroy();
    await site.stop();
    upstream.stop();
  }
}

async function main() {
  const { say, save } = reporter('review');
  say(`# /review through the BFF — ${new Date().toISOString()}`);
  say(
    `one learner, ${cardCount} cards, ${logCount} review logs; ${rounds} rounds of next card + rating, one at a time; Node ${process.version}`,
  );
  const lines: string[] = [];
  const collect = (line: string) => (line.startsWith('|') ? lines.push(line) : say(line));

  const dir = mkdtempSync(join(tmpdir(), 'bench-review-sqlite-'));
  await run('SQLite', { DATABASE_PATH: join(dir, 'db.sqlite') }, collect);
  rmSync(dir, { recursive: true, force: true });
  const cluster = await startPostgresCluster();
  try {
    await run('PostgreSQL', { DATABASE_URL: await createDatabase(cluster.adminUrl) }, collect);
  } finally {
    cluster.stop();
  }
  say('');
  say('| database | call | p50 | p99 |');
  say('|---|---|---|---|');
  for (const line of lines) say(line);
  if (exportLines.length) {
    say('');
    say('Exports through the BFF (SQLite), one learner:');
    say('');
    say('| file | cards | time | size |');
    say('|---|---|---|---|');
    for (const line of exportLines) say(line);
  }
  save();
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
