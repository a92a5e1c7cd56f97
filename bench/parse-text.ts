/**
 * parse_text latency on 2,000-word passages (issue 17's budget: p50 ≤ 300 ms through the BFF).
 * Run with `npm run bench:parse-text` (after `npm run build` for the BFF's figures); never part of
 * the tests.
 *
 * It starts the embedded upstream over a throwaway SQLite database and, when a production build is
 * there, `next start` in front of it. The passages are made of the hand-annotated development
 * sentences (bench/data: Alice, Pride and Prejudice, news and exam sentences), 2,000 words each,
 * no two alike, so that every request reads words in new company. Callers: a member (phrases
 * recognised, 生词/熟词 marks read) and an anonymous visitor (no phrases, no marks). After one
 * warm-up round, BENCH_ROUNDS rounds one request at a time: p50, p90, max, straight to the
 * upstream and through the BFF.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startNext, type RunningNext } from '../tests/support/next-server';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const passageWords = 2_000;
const budgetP50 = 300;

function passages(): string[] {
  const sentences = ['bench/data/sense-dev.jsonl', 'bench/data/analysis-dev.jsonl'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { sentence: string }).sentence),
  );
  const unique = [...new Set(sentences)];
  const out: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of unique) {
    current.push(sentence);
    words += sentence.split(/\s+/).length;
    if (words >= passageWords) {
      out.push(current.join(' '));
      current = [];
      words = 0;
    }
  }
  return out;
}

async function parse(agent: Agent, base: string, text: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const answer = await request(`${base}/api/parse_text`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ text }),
  });
  const json = (await answer.body.json()) as { status: string };
  if (answer.statusCode !== 200 || json.status !== 'OK')
    throw new Error(`parse_text: ${answer.statusCode} ${JSON.stringify(json)}`);
  return performance.now() - started;
}

async function member(base: string, dbPath: string): Promise<Record<string, string>> {
  const email = 'bench-member@example.com';
  const post = (name: string, body: unknown) =>
    fetch(`${base}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ status: string; data?: { token?: string } }>);
  await post('pre_email_login', { email });
  const outbox = (await (await fetch(`${base}/__test/outbox?email=${encodeURIComponent(email)}`)).json()) as {
    messages: { code: string }[];
  };
  const login = await post('email_login', { email, code: outbox.messages[0].code });
  const token = login.data?.token;
  if (!token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const db = new Database(dbPath);
  db.prepare('UPDATE users SET vip_expires_at = ? WHERE email = ?').run('2099-01-01T00:00:00.000Z', email);
  // A few marks, so that reading them is part of the figure.
  const insert = db.prepare(
    "INSERT INTO word_list (user_id, lemma, word, strange, from_screen, sentence, lookups, updated_at) SELECT id, ?, ?, ?, '', '', 0, '2026-01-01T00:00:00.000Z' FROM users WHERE email = ?",
  );
  for (const [i, lemma] of ['little', 'hope', 'story', 'mind', 'distance', 'finish', 'change', 'look'].entries()) {
    insert.run(lemma, lemma, i % 2, email);
  }
  db.close();
  return { authorization: `Bearer ${token}` };
}

async function main() {
  const report = reporter('parse-text');
  const texts = passages();
  const dir = mkdtempSync(join(tmpdir(), 'yujing-bench-parse-'));
  const dbPath = join(dir, 'db.sqlite');
  const upstream = await startEmbeddedUpstream({ SEED_CONTENT: 'false', DATABASE_PATH: dbPath });
  let next: RunningNext | undefined;
  try {
    const asMember = await member(upstream.url, dbPath);
    const agent = new Agent({ connections: 1 });
    const cold = await parse(agent, upstream.url, texts[0], asMember);
    await agent.close();
    if (existsSync('.next/BUILD_ID')) next = await startNext({ UPSTREAM_URL: upstream.url });

    report.say('# parse_text on 2,000-word passages');
    report.say();
    report.say(
      `${new Date().toISOString()}, ${texts.length} passages of ~${passageWords} words (bench/data sentences), ${rounds} rounds one at a time after a warm-up round`,
    );
    report.say();
    report.say(`First call after start (opens WordNet and ECDICT, loads the tagger): ${ms(cold)}`);
    report.say();
    report.say(`| path | caller | p50 | p90 | max | budget (p50 ≤ ${budgetP50} ms) |`);
    report.say('|---|---|---|---|---|---|');
    const paths: [string, string][] = [['upstream', upstream.url]];
    if (next) paths.push(['through the BFF (next start)', next.url]);
    for (const [name, base] of paths) {
      for (const [who, headers] of [
        ['member (phrases, marks)', asMember],
        ['anonymous', {}],
      ] as const) {
        const one = new Agent({ connections: 1 });
        const times: number[] = [];
        try {
          for (const text of texts) await parse(one, base, text, headers);
          for (let r = 0; r < rounds; r++) for (const text of texts) times.push(await parse(one, base, text, headers));
        } finally {
          await one.close();
        }
        report.say(
          `| ${name} | ${who} | ${ms(pct(times, 50))} | ${ms(pct(times, 90))} | ${ms(Math.max(...times))} | ${pct(times, 50) <= budgetP50 ? 'met' : 'NOT met'} |`,
        );
      }
    }
    if (!next) report.say('\n(no production build: run `npm run build` for the BFF figures)');
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
