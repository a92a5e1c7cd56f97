import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../database';
import { insertTestUser } from '../../test-harness';
import { migrationProvider, migrations } from './index';

// Written by the upstream of commit 6185ed4, when every migration lived in one record: see
// ../fixtures/README.md.
const fixture = path.join(import.meta.dirname, '../fixtures/main-6185ed4.sqlite');

interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

function schemaOf(file: string): SchemaEntry[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return db
      .prepare(`select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`)
      .all() as SchemaEntry[];
  } finally {
    db.close();
  }
}

/** Every row of every table, each table read by the columns it has in `columnsFrom`. */
function rowsOf(file: string, columnsFrom: Map<string, string[]>): Record<string, unknown[]> {
  const db = new SQLite(file, { readonly: true });
  try {
    return Object.fromEntries(
      [...columnsFrom].map(([table, columns]) => [
        table,
        db.prepare(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}" order by rowid`).all(),
      ]),
    );
  } finally {
    db.close();
  }
}

function columnsOf(file: string): Map<string, string[]> {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as {
      name: string;
    }[];
    return new Map(
      tables.map(({ name }) => [
        name,
        (db.prepare(`pragma table_info("${name}")`).all() as { name: string }[]).map((c) => c.name),
      ]),
    );
  } finally {
    db.close();
  }
}

describe('migrations', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-migrations-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('has one file per migration, each registered under its name, in order', async () => {
    const files = (await readdir(import.meta.dirname)).filter((f) => /^\d{3}-[a-z0-9-]+\.ts$/.test(f)).sort();
    expect(Object.keys(migrations)).toEqual(files.map((f) => f.replace(/\.ts$/, '').replaceAll('-', '_')));
    expect(Object.keys(migrations)).toEqual(Object.keys(migrations).sort());
  });

  it('upgrades a database written by the old single-record migrations in place, losing nothing', async () => {
    const file = path.join(dir, 'yujing.sqlite');
    await copyFile(fixture, file);
    const columns = columnsOf(file);
    const before = rowsOf(file, columns);
    expect(Object.values(before).every((rows) => rows.length > 0)).toBe(true);
    const recorded = (before.kysely_migration as { name: string }[]).map((m) => m.name);
    expect(recorded).toEqual(['001_accounts', '002_usage', '003_dictionary', '004_content', '005_rate_limits']);

    const db = openDatabase({ databasePath: file });
    try {
      // Only migrations newer than the fixture run; today there are none.
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).filter((name) => !recorded.includes(name)));
      expect(await migrateToLatest(db)).toEqual([]);
      const users = await db.selectFrom('users').select('email').orderBy('id').execute();
      expect(users.map((u) => u.email)).toEqual(['alice@example.com', null]);
    } finally {
      await db.destroy();
    }

    const after = rowsOf(file, columns);
    expect({ ...after, kysely_migration: undefined }).toEqual({ ...before, kysely_migration: undefined });
    expect((after.kysely_migration as { name: string }[]).slice(0, recorded.length)).toEqual(before.kysely_migration);
  });

  it('gives the sandbox’s orders from before 026 the trade type of their channel', async () => {
    const db = openDatabase({ databasePath: path.join(dir, 'trade-type.sqlite') });
    try {
      expect((await new Migrator({ db, provider: migrationProvider }).migrateTo('025_phone_login')).error).toBeUndefined();
      const user = await insertTestUser(db, new Date('2026-03-02T02:00:00.000Z'), '10000001');
      for (const [id, channel] of [
        ['a', 'native'],
        ['b', 'jsapi'],
        ['c', 'h5'],
        ['d', null],
      ] as const) {
        const at = '2026-03-02T02:00:00.000Z';
        if (channel) {
          await sql`insert into orders (id, user_id, package, amount_fen, provider, channel, status, created_at, expires_at)
            values (${id}, ${user.id}, 'month', 2800, 'sandbox', ${channel}, 'pending', ${at}, ${at})`.execute(db);
        }
        await sql`insert into sandbox_transactions (out_trade_no, amount_fen, trade_state, description, time_expire, created_at)
          values (${id}, 2800, 'NOTPAY', '语境月卡', ${at}, ${at})`.execute(db);
      }
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('sandbox_transactions')
        .select(['out_trade_no', 'trade_type'])
        .orderBy('out_trade_no')
        .execute();
      expect(rows.map((r) => r.trade_type)).toEqual(['NATIVE', 'JSAPI', 'MWEB', 'NATIVE']);
    } finally {
      await db.destroy();
    }
  });

  it('builds on a fresh database, up to the last migration of the fixture, the very schema the old code built', async () => {
    const file = path.join(dir, 'fresh.sqlite');
    const db = openDatabase({ databasePath: file });
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('005_rate_limits');
    await db.destroy();
    expect(error).toBeUndefined();
    expect(schemaOf(file)).toEqual(schemaOf(fixture));
  });
});
