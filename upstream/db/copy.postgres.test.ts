import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../tests/support/postgres';
import { CopyRefused, copySqliteInto } from './copy';
import { type Db, openDatabase } from './database';

// `npm run db:copy`: an install made by an earlier main moves into PostgreSQL with every row.

const fixture = path.join(import.meta.dirname, 'fixtures', 'main-6185ed4.sqlite');
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Row counts of the fixture's own tables, read straight from the file. */
function fixtureCounts(): Record<string, number> {
  const db = new SQLite(fixture, { readonly: true });
  try {
    const names = db
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`)
      .all() as { name: string }[];
    return Object.fromEntries(
      names.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

describe('copying an SQLite install into PostgreSQL', () => {
  const adminUrl = inject('postgresAdminUrl');
  let url: string;
  let target: Db;
  beforeEach(async () => {
    url = await createDatabase(adminUrl);
    target = openDatabase({ databasePath: ':memory:', databaseUrl: url });
  });
  afterEach(async () => {
    await target.destroy();
    await dropDatabase(adminUrl, url);
  });

  it('copies every row of a database made by an earlier main, and leaves the source as it was', async () => {
    const before = digest(fixture);
    const copied = await copySqliteInto(fixture, target);

    const expected = fixtureCounts();
    expect(Object.fromEntries(copied.map((t) => [t.table, t.rows]))).toEqual(expect.objectContaining(expected));
    for (const [table, rows] of Object.entries(expected)) {
      const { rows: counted } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(target);
      expect(Number(counted[0].n), table).toBe(rows);
    }
    expect(digest(fixture)).toBe(before);

    // Rows come across as they were, and the auto-numbered keys go on after the copied ones.
    const source = new SQLite(fixture, { readonly: true });
    const users = source.prepare('select * from users order by id').all() as {
      id: number;
      account: string;
      email: string | null;
    }[];
    source.close();
    const there = await target.selectFrom('users').select(['id', 'account', 'email']).orderBy('id').execute();
    expect(there).toEqual(users.map(({ id, account, email }) => ({ id, account, email })));
    const added = await target
      .insertInto('users')
      .values({
        account: '99999999',
        email: 'new@example.com',
        wechat_openid: null,
        wechat_unionid: null,
        nickname: 'new',
        headimgurl: '',
        api_token: 'yj_new',
        vip_expires_at: null,
        referrer_account: null,
        created_at: '2026-11-24T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(Math.max(...users.map((u) => u.id)));
  });

  it('refuses a target that already holds rows, and changes nothing in it', async () => {
    await copySqliteInto(fixture, target);
    const users = await target.selectFrom('users').select('id').execute();
    await expect(copySqliteInto(fixture, target)).rejects.toThrow(CopyRefused);
    await expect(copySqliteInto(fixture, target)).rejects.toThrow(/not empty: \w+ has \d+ row/);
    expect(await target.selectFrom('users').select('id').execute()).toEqual(users);
  });

  it('refuses a source that is not there', async () => {
    await expect(copySqliteInto(path.join(import.meta.dirname, 'no-such.sqlite'), target)).rejects.toThrow(CopyRefused);
  });
});
