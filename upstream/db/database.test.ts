import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { bearer, logInByEmail, removeTestData, startTestUpstream, testDatabaseEnv } from '../test-harness';
import { prepareDatabase } from '../app';
import { migrateToLatest, openDatabase } from './database';
import { migrations } from './migrations';

describe('database', () => {
  let dir: string;
  let location: ReturnType<typeof loadConfig>;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-db-'));
    location = loadConfig(await testDatabaseEnv(dir, { empty: true }));
  });
  afterEach(() => removeTestData(dir));

  const newUser = (account: string, email: string) => ({
    account,
    email,
    wechat_openid: null,
    wechat_unionid: null,
    nickname: email.split('@')[0],
    headimgurl: '',
    api_token: `yj_${account}`,
    vip_expires_at: null,
    referrer_account: null,
    created_at: '2026-03-02T02:00:00.000Z',
  });

  it('applies the migrations once; running them again changes nothing and loses nothing', async () => {
    const db = openDatabase(location);
    // Every migration, in name order (the list is migrations/index.ts; its own test checks the files).
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(Object.keys(migrations).slice(0, 4)).toEqual(['001_accounts', '002_usage', '003_dictionary', '004_content']);
    await db.insertInto('users').values(newUser('12345678', 'kept@example.com')).execute();
    expect(await migrateToLatest(db)).toEqual([]);
    await db.destroy();

    const reopened = openDatabase(location);
    expect(await migrateToLatest(reopened)).toEqual([]);
    const users = await reopened.selectFrom('users').select(['account', 'email', 'balance_api']).execute();
    expect(users).toEqual([{ account: '12345678', email: 'kept@example.com', balance_api: 0 }]);
    await reopened.destroy();
  });

  it('enforces foreign keys', async () => {
    const db = openDatabase(location);
    try {
      await migrateToLatest(db);
      const orphan = db
        .insertInto('auth_tokens')
        .values({ token_hash: 'h', user_id: 999, created_at: 'x', expires_at: 'y' })
        .execute();
      await expect(orphan).rejects.toThrow(/foreign key/i);
    } finally {
      await db.destroy();
    }
  });

  it('answers times, flags, JSON, keys and counts in the same shapes on either database', async () => {
    const db = openDatabase(location);
    try {
      await migrateToLatest(db);
      const first = await db
        .insertInto('users')
        .values(newUser('12345678', 'a@example.com'))
        .returning('id')
        .executeTakeFirstOrThrow();
      const second = await db
        .insertInto('users')
        .values(newUser('23456789', 'b@example.com'))
        .returningAll()
        .executeTakeFirstOrThrow();
      // Auto-numbered keys: numbers, counting up from 1.
      expect(first).toEqual({ id: 1 });
      expect(second).toMatchObject({ id: 2, balance_api: 0, vip_expires_at: null, created_at: '2026-03-02T02:00:00.000Z' });

      // Flags are integers 0/1, JSON is text, times are ISO 8601 text that compares in time order.
      await db
        .insertInto('wechat_sandbox_codes')
        .values([
          { code: 'c1', nickname: 'n', openid: 'o', expires_at: '2026-03-02T02:05:00.000Z', used: 0 },
          { code: 'c2', nickname: 'n', openid: 'o', expires_at: '2026-03-02T01:59:59.999Z', used: 1 },
        ])
        .execute();
      expect(await db.selectFrom('wechat_sandbox_codes').select(['code', 'used']).orderBy('code').execute()).toEqual([
        { code: 'c1', used: 0 },
        { code: 'c2', used: 1 },
      ]);
      const live = await db
        .selectFrom('wechat_sandbox_codes')
        .select('code')
        .where('expires_at', '>', '2026-03-02T02:00:00.000Z')
        .where('used', '=', 0)
        .execute();
      expect(live).toEqual([{ code: 'c1' }]);
      const words = JSON.stringify(['The', 'bank', '.']);
      const task = await db
        .insertInto('annotation_tasks')
        .values({
          sentence_id: null,
          sentence: 'The bank.',
          words,
          target_word_index: 1,
          target_offset: 4,
          target_word: 'bank',
          target_lemma: 'bank',
          created_at: '2026-03-02T02:00:00.000Z',
        })
        .returning(['id', 'words', 'sentence_id'])
        .executeTakeFirstOrThrow();
      expect(task).toEqual({ id: 1, words, sentence_id: null });

      // Counts and sums are numbers, not the strings that PostgreSQL's 8-byte integers would be.
      await db
        .insertInto('usage')
        .values([
          { day: '2026-03-02', subject: 'user:1', feature: 'query_word', count: 3 },
          { day: '2026-03-02', subject: 'user:2', feature: 'query_word', count: 4 },
        ])
        .execute();
      const totals = await db
        .selectFrom('usage')
        .select((eb) => [
          eb.fn.countAll<number>().as('rows'),
          eb.fn.sum<number>('count').as('uses'),
          eb.fn.max('count').as('most'),
        ])
        .executeTakeFirstOrThrow();
      expect(totals).toEqual({ rows: 2, uses: 7, most: 4 });

      // What a write reports: the rows it changed, as bigints, from either driver.
      const updated = await db.updateTable('users').set({ balance_api: 5 }).where('id', '=', 1).executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(1n);
      const deleted = await db.deleteFrom('wechat_sandbox_codes').where('used', '=', 1).executeTakeFirst();
      expect(deleted.numDeletedRows).toBe(1n);
    } finally {
      await db.destroy();
    }
  });

  it('keeps accounts and sessions across a restart of the service', async () => {
    const first = await startTestUpstream({ dir });
    const token = await logInByEmail(first, 'reader@example.com');
    const before = (await first.call('get_user_info', {}, bearer(token))).body.data;
    await first.stop({ keepData: true });

    const second = await startTestUpstream({ dir });
    try {
      const after = await second.call('get_user_info', {}, bearer(token));
      expect(after.http).toBe(200);
      expect(after.body.data).toEqual(before);
    } finally {
      await second.stop({ keepData: true });
    }
  });

  it('with MIGRATE_ON_START=false, refuses an unprepared database and starts once db:migrate has run', async () => {
    const env = { MIGRATE_ON_START: 'false' };
    await expect(startTestUpstream({ dir, env })).rejects.toThrow(/lacks migrations 001_accounts.*npm run db:migrate/);
    const db = openDatabase(location);
    try {
      expect(await prepareDatabase({ seedContent: false }, db)).toContain('001_accounts');
    } finally {
      await db.destroy();
    }
    const started = await startTestUpstream({ dir, env });
    try {
      expect((await started.request('/health')).http).toBe(200);
    } finally {
      await started.stop({ keepData: true });
    }
  });
});
