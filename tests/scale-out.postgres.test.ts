import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startNext, type RunningNext } from './support/next-server';
import { createDatabase, dropDatabase } from './support/postgres';
import { startRoundRobin, type RoundRobin } from './support/round-robin';
import { cookieValue, setCookie } from './support/stack';
import { startUpstreamProcess, type UpstreamProcess } from './support/upstream-process';

/*
 * The product as several instances (issue 11): two embedded upstreams and two sites on one
 * PostgreSQL, behind a round-robin proxy, each a process of its own as ops run them. A learner's
 * session, free count and words must not depend on which instance answers, and an instance that
 * dies mid-burst must not take an acknowledged write with it.
 */

const FREE_ANONYMOUS = 5;
/** The ceiling of all visitors behind one address, above one visitor's own. */
const FREE_PER_ADDRESS = 8;

/** An upstream of the test, on the shared database, with what the burst test needs. */
const startUpstream = (databaseUrl: string) =>
  startUpstreamProcess({
    DATABASE_URL: databaseUrl,
    SEED_CONTENT: 'false',
    FREE_USES_ANONYMOUS: String(FREE_ANONYMOUS),
    FREE_USES_PER_ADDRESS: String(FREE_PER_ADDRESS),
    FREE_USES_LOGIN: '1000',
    EMAIL_CODE_LIMIT_ADDRESS: '0',
    EMAIL_CODE_LIMIT_GLOBAL: '0',
  });

const lookup = (word: string, pre = 'The bank raised its', post = 'rates again.') => ({
  pre_context: pre,
  post_context: post,
  target_word: word,
  word_id: 0,
  from: 'ContextualDict',
});

/** Runs `tasks` with at most `width` at a time; answers their results in order. */
async function inBatches<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

describe('two upstreams and two sites on one PostgreSQL behind a round-robin proxy', () => {
  const adminUrl = inject('postgresAdminUrl');
  let databaseUrl: string;
  let upstreams: UpstreamProcess[] = [];
  let sites: RunningNext[] = [];
  let proxy: RoundRobin;
  let client: pg.Client;

  beforeAll(async () => {
    databaseUrl = await createDatabase(adminUrl);
    // Started together: the migrations must not race (the first takes them, the second waits).
    upstreams = await Promise.all([startUpstream(databaseUrl), startUpstream(databaseUrl)]);
    sites = await Promise.all(upstreams.map((u) => startNext({ UPSTREAM_URL: u.url, ENV_TYPE: 'test' })));
    proxy = await startRoundRobin(sites.map((s) => s.url));
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  }, 240_000);

  afterAll(async () => {
    await client?.end();
    await proxy?.close();
    await Promise.all(sites.map((s) => s.stop()));
    const running = upstreams.filter((u) => u.process.exitCode === null && u.process.signalCode === null);
    await Promise.all(
      running.map((u) => {
        const exited = new Promise((r) => u.process.once('exit', r));
        u.process.kill('SIGTERM');
        return exited;
      }),
    );
    await dropDatabase(adminUrl, databaseUrl);
  });

  /** POSTs a call to a base URL as a browser on that origin would. */
  const post = (base: string, name: string, body: unknown, cookie?: string, signal?: AbortSignal) =>
    fetch(`${base}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
      signal,
    });

  let emails = 0;
  /** Logs a new user in on `site`; answers the Cookie header that carries the session. */
  async function logIn(site: string): Promise<string> {
    const email = `learner${++emails}@example.com`;
    expect((await post(site, 'pre_email_login', { email })).status).toBe(200);
    const outbox = await (await fetch(`${upstreams[0].url}/__test/outbox?email=${encodeURIComponent(email)}`)).json();
    const answer = await post(site, 'email_login', { email, code: outbox.messages[0].code });
    expect(answer.status).toBe(200);
    return `yj_session=${cookieValue(setCookie(answer.headers, 'yj_session'))}`;
  }

  it('a login on one site is a login on the other', async () => {
    const cookie = await logIn(sites[0].url);
    const info = await (await post(sites[1].url, 'get_user_info', {}, cookie)).json();
    expect(info.status).toBe('OK');
    expect(info.data.nickname).toMatch(/^learner\d+$/);
  });

  it('50 simultaneous anonymous lookups over both instances use exactly one visitor’s free count', async () => {
    const before = [...proxy.sent];
    const answers = await inBatches(
      Array.from({ length: 50 }, () => async () => (await post(proxy.url, 'query_word', lookup('interest'))).json()),
      10,
    );
    const ok = answers.filter((a) => a.status === 'OK');
    // Without cookies each is a new visitor to the BFF, and all of those behind the address are
    // one visitor to the upstream: its free count binds them, on whichever instance.
    expect(ok).toHaveLength(FREE_ANONYMOUS);
    // Everything else is the quota answer, not an error.
    expect(
      answers.filter((a) => a.status !== 'OK').every((a) => a.status === answers.find((b) => b.status !== 'OK')?.status),
    ).toBe(true);
    expect(proxy.sent.map((n, i) => n - before[i])).toEqual([25, 25]);
  });

  it('a word looked up through one site is listed through the other', async () => {
    const cookie = await logIn(sites[0].url);
    const looked = await (
      await post(sites[0].url, 'query_word', lookup('rates', 'The bank raised its interest', 'again.'), cookie)
    ).json();
    expect(looked.status).toBe('OK');
    const listed = await (await post(sites[1].url, 'query_history', { page: 1, page_size: 20 }, cookie)).json();
    expect(listed.status).toBe('OK');
    expect(JSON.stringify(listed.data)).toContain('"rate');
  });

  it('a learner reviews on either instance; a rating left hanging on one and sent again to the other counts once', async () => {
    const cookie = await logIn(sites[0].url);
    const sentence = {
      pre_context: 'They sat on the grassy ',
      target_word: 'bank',
      post_context: ' of the river.',
      from: 'ContextualDict',
    };
    const looked = await (await post(sites[0].url, 'query_word', sentence, cookie)).json();
    const senseId = String(looked.result[0].gloss[0].sense_id);
    const marked = await (
      await post(
        sites[1].url,
        'set_strange_status',
        { word: 'bank', strange: 1, sense_id: senseId, pre_context: sentence.pre_context, post_context: sentence.post_context },
        cookie,
      )
    ).json();
    expect(marked.data.card_id).toBeGreaterThan(0);
    const shown = await (await post(sites[1].url, 'review_next', {}, cookie)).json();
    expect(shown.data.card).toMatchObject({ card_id: marked.data.card_id, reps: 0 });
    const rating = { card_id: marked.data.card_id, rating: 3, review_id: 'scale-out-rating-1', reps: 0 };

    // One upstream stops answering mid-review: the browser gives up on it and sends the rating again
    // through the other site.
    upstreams[1].process.kill('SIGSTOP');
    try {
      await expect(post(sites[1].url, 'review_rate', rating, cookie, AbortSignal.timeout(1_500))).rejects.toThrow();
      const retried = await (await post(sites[0].url, 'review_rate', rating, cookie)).json();
      expect(retried.data).toMatchObject({ stale: false, state: 'learning', counts: { reviewed_today: 1 } });
    } finally {
      upstreams[1].process.kill('SIGCONT');
    }
    // Whatever the stopped one does with the request it held, the rating counts once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { rows } = await client.query(`select count(*)::int as n from review_log where review_id = $1`, [rating.review_id]);
    expect(rows[0].n).toBe(1);
    const { rows: card } = await client.query(`select reps from review_cards where id = $1`, [rating.card_id]);
    expect(card[0].reps).toBe(1);
    // And the review goes on through the other site, where it left off.
    const counts = await (await fetch(`${sites[1].url}/api/review_counts`, { headers: { cookie } })).json();
    expect(counts.data).toMatchObject({ reviewed_today: 1, total: 1 });
  }, 60_000);

  it('an upstream killed mid-burst loses no acknowledged write', async () => {
    const cookie = await logIn(proxy.url);
    const { rows: user } = await client.query(
      `select u.id from users u join auth_tokens t on t.user_id = u.id order by t.created_at desc, u.id desc limit 1`,
    );
    const userId = user[0].id;
    const words = ['river', 'money', 'loan', 'account', 'deposit', 'credit', 'branch', 'teller', 'vault', 'savings'];
    let answered = 0;
    const acknowledged: string[] = [];
    const burst = inBatches(
      Array.from({ length: 40 }, (_, i) => async () => {
        const word = words[i % words.length];
        const answer = await post(proxy.url, 'query_word', lookup(word, `Lookup ${i}: the`, 'was there.'), cookie).catch(
          () => null,
        );
        const body = answer?.ok ? await answer.json().catch(() => null) : null;
        if (body?.status === 'OK') acknowledged.push(`${i}:${word}`);
        answered++;
        // A third of the way in, one upstream dies without warning.
        if (answered === 12) upstreams[1].process.kill('SIGKILL');
      }),
      4,
    );
    await burst;
    expect(upstreams[1].process.signalCode ?? upstreams[1].process.exitCode).not.toBeNull();
    // The live half kept answering.
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    const { rows } = await client.query(`select pre_context, target_word from lookups where user_id = $1`, [userId]);
    const stored = new Set(rows.map((r) => `${/^Lookup (\d+):/.exec(r.pre_context)?.[1]}:${r.target_word}`));
    for (const write of acknowledged) expect(stored, write).toContain(write);
  });
});
