import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, logInByEmail, startTestUpstream } from '../test-harness';
import { migrateToLatest, openDatabase } from './database';

describe('database', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-db-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('applies the migrations once; running them again changes nothing and loses nothing', async () => {
    const databasePath = path.join(dir, 'nested', 'yujing.sqlite');
    const db = openDatabase({ databasePath });
    expect(await migrateToLatest(db)).toEqual(['001_accounts', '002_usage', '003_dictionary', '004_content', '005_rate_limits']);
    await db
      .insertInto('users')
      .values({
        account: '12345678',
        email: 'kept@example.com',
        wechat_openid: null,
        wechat_unionid: null,
        nickname: 'kept',
        headimgurl: '',
        api_token: 'yj_test',
        vip_expires_at: null,
        referrer_account: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await migrateToLatest(db)).toEqual([]);
    await db.destroy();

    const reopened = openDatabase({ databasePath });
    expect(await migrateToLatest(reopened)).toEqual([]);
    const users = await reopened.selectFrom('users').select(['account', 'email', 'balance_api']).execute();
    expect(users).toEqual([{ account: '12345678', email: 'kept@example.com', balance_api: 0 }]);
    await reopened.destroy();
  });

  it('runs SQLite in WAL mode with foreign keys enforced', async () => {
    const db = openDatabase({ databasePath: path.join(dir, 'yujing.sqlite') });
    await migrateToLatest(db);
    const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode[0].journal_mode).toBe('wal');
    const orphan = db
      .insertInto('auth_tokens')
      .values({ token_hash: 'h', user_id: 999, created_at: 'x', expires_at: 'y' })
      .execute();
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
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
});
