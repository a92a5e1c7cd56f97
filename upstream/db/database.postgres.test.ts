import { NO_MIGRATIONS, Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../tests/support/postgres';
import { migrateToLatest, openDatabase, type Db } from './database';
import { migrationProvider } from './migrations';

/*
 * PostgreSQL only: what SQLite cannot show. The shared behaviour runs on both databases in
 * database.test.ts and in every test file that uses the test harness.
 */

interface TableShape {
  columns: string[];
  primaryKey: string[];
  unique: string[];
  indexes: string[];
  foreignKeys: string[];
}

// Integer, text and floating-point columns, as each database names them.
const typeFamily = (type: string) =>
  ({ int4: 'integer', integer: 'integer', text: 'text', float8: 'double precision', 'double precision': 'double precision' })[
    type.toLowerCase()
  ] ?? type;

/**
 * Columns as "name type [not null] [auto|default]". Two differences of the databases are no
 * differences of the schema: a primary key is never null on PostgreSQL, while SQLite lets a
 * text key be null unless told otherwise (the code never writes one); and SQLite numbers any
 * `integer primary key` when no id is given, while only a declared auto-numbered key (withId) is
 * numbered on both, and only that one may the code leave out.
 */
async function columnsOf(db: Kysely<any>, table: string, primaryKey: string[], isAuto: (column: string) => boolean) {
  const [meta] = (await db.introspection.getTables()).filter((t) => t.name === table);
  return meta.columns.map(
    (c) =>
      `${c.name} ${typeFamily(c.dataType)}${c.isNullable && !primaryKey.includes(c.name) ? '' : ' not null'}` +
      `${isAuto(c.name) ? ' auto' : c.hasDefaultValue ? ' default' : ''}`,
  );
}

async function sqliteShape(db: Kysely<any>, table: string): Promise<TableShape> {
  const info = (await sql<{ name: string; pk: number }>`pragma table_info(${sql.id(table)})`.execute(db)).rows;
  const indexList = (await sql<{ name: string; unique: number; origin: string }>`pragma index_list(${sql.id(table)})`.execute(db))
    .rows;
  const indexColumns = async (index: string) =>
    (await sql<{ name: string }>`pragma index_info(${sql.id(index)})`.execute(db)).rows.map((r) => r.name).join(',');
  const keys = (
    await sql<{ from: string; table: string; to: string; on_delete: string }>`pragma foreign_key_list(${sql.id(table)})`.execute(
      db,
    )
  ).rows;
  const primaryKey = info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const { rows: created } = await sql<{ sql: string }>`select sql from sqlite_master where name = ${table}`.execute(db);
  const isAuto = (column: string) => created[0].sql.includes(`"${column}" integer primary key autoincrement`);
  return {
    columns: await columnsOf(db, table, primaryKey, isAuto),
    primaryKey,
    unique: (await Promise.all(indexList.filter((i) => i.unique && i.origin !== 'pk').map((i) => indexColumns(i.name)))).sort(),
    indexes: (await Promise.all(indexList.filter((i) => !i.unique).map((i) => indexColumns(i.name)))).sort(),
    foreignKeys: keys.map((k) => `${k.from} → ${k.table}.${k.to} on delete ${k.on_delete.toLowerCase()}`).sort(),
  };
}

async function postgresShape(db: Kysely<any>, table: string): Promise<TableShape> {
  const indexes = (
    await sql<{ columns: string; primary: boolean; unique: boolean }>`
      select i.indisprimary as primary, i.indisunique as unique,
             (select string_agg(a.attname, ',' order by k.n)
                from unnest(i.indkey) with ordinality as k(attnum, n)
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as columns
        from pg_index i where i.indrelid = ${table}::regclass`.execute(db)
  ).rows;
  const actions: Record<string, string> = { a: 'no action', c: 'cascade', n: 'set null', r: 'restrict', d: 'set default' };
  const keys = (
    await sql<{ from: string; table: string; to: string; on_delete: string }>`
      select a.attname as from, c.confrelid::regclass::text as table, fa.attname as to, c.confdeltype as on_delete
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
       where c.contype = 'f' and c.conrelid = ${table}::regclass`.execute(db)
  ).rows;
  const primaryKey = indexes.find((i) => i.primary)?.columns.split(',') ?? [];
  const serial = (await db.introspection.getTables()).find((t) => t.name === table)?.columns.filter((c) => c.isAutoIncrementing);
  return {
    columns: await columnsOf(db, table, primaryKey, (column) => !!serial?.some((c) => c.name === column)),
    primaryKey,
    unique: indexes
      .filter((i) => i.unique && !i.primary)
      .map((i) => i.columns)
      .sort(),
    indexes: indexes
      .filter((i) => !i.unique)
      .map((i) => i.columns)
      .sort(),
    foreignKeys: keys.map((k) => `${k.from} → ${k.table}.${k.to} on delete ${actions[k.on_delete]}`).sort(),
  };
}

describe('PostgreSQL database', () => {
  const adminUrl = inject('postgresAdminUrl');
  let url: string;
  let db: Db | undefined;
  beforeEach(async () => {
    url = await createDatabase(adminUrl);
  });
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    await dropDatabase(adminUrl, url);
  });

  it('builds, from the same migration files, the very tables, keys and indexes SQLite has', async () => {
    db = openDatabase({ databasePath: ':memory:', databaseUrl: url });
    const sqlite = openDatabase({ databasePath: ':memory:' });
    try {
      expect(await migrateToLatest(db)).toEqual(await migrateToLatest(sqlite));
      const tables = (await sqlite.introspection.getTables()).map((t) => t.name).sort();
      expect((await db.introspection.getTables()).map((t) => t.name).sort()).toEqual(tables);
      expect(tables).toContain('users');
      for (const table of tables) {
        expect({ table, ...(await postgresShape(db, table)) }).toEqual({ table, ...(await sqliteShape(sqlite, table)) });
      }
    } finally {
      await sqlite.destroy();
    }
  });

  it('undoes every migration and applies them again', async () => {
    db = openDatabase({ databasePath: ':memory:', databaseUrl: url });
    await migrateToLatest(db);
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await db.introspection.getTables()).toEqual([]);
    expect(await migrateToLatest(db)).toHaveLength(Object.keys(await migrationProvider.getMigrations()).length);
  });

  it('opens a pool of the configured size with the statement timeout, and closing ends it', async () => {
    db = openDatabase({ databasePath: ':memory:', databaseUrl: url, databasePoolSize: 2, databaseStatementTimeoutMs: 300 });
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
    expect(rows[0].statement_timeout).toBe('300ms');
    const backends = await Promise.all(
      Array.from({ length: 6 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db!)),
    );
    expect(new Set(backends.map((b) => b.rows[0].pid)).size).toBeLessThanOrEqual(2);
    await expect(sql`select pg_sleep(1)`.execute(db)).rejects.toThrow(/statement timeout/);

    const name = new URL(url).pathname.slice(1);
    const connected = async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        return rows[0].n as number;
      } finally {
        await admin.end();
      }
    };
    expect(await connected()).toBeGreaterThan(0);
    await db.destroy();
    db = undefined;
    // The server notices a closed connection a moment after the client has gone.
    await expect.poll(connected, { timeout: 5_000 }).toBe(0);
  });
});
