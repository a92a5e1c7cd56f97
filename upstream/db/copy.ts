import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { type Db, migrateToLatest, openDatabase } from './database';

/*
 * Moving an install from the embedded SQLite file to PostgreSQL (`npm run db:copy`).
 *
 * The source is never written: a consistent snapshot of it (SQLite's online backup, so the service
 * may keep running) is upgraded to the latest migration in a temporary folder and read from there.
 * The target must hold no rows of any table; it is migrated with the same files, then every table
 * is copied in foreign-key order inside one transaction, the auto-numbered keys continue after the
 * copied ones, and the row counts are compared before the transaction commits: a copy that does
 * not add up leaves the target as it was.
 */

/** Kysely's own bookkeeping: each side keeps its own. */
const bookkeeping = new Set(['kysely_migration', 'kysely_migration_lock']);

/** PostgreSQL takes at most 65,535 parameters in one statement; stay well below. */
const PARAMETERS_PER_INSERT = 30_000;

export interface CopiedTable {
  table: string;
  rows: number;
}

/** The copy was refused before anything was written (a non-empty target, a missing source). */
export class CopyRefused extends Error {}

export interface CopyOptions {
  /** Told each table as it is copied. */
  log?: (line: string) => void;
}

/** Copies the SQLite database at `sourcePath` into the empty PostgreSQL database `target`. */
export async function copySqliteInto(sourcePath: string, target: Db, options: CopyOptions = {}): Promise<CopiedTable[]> {
  const log = options.log ?? (() => {});
  await refuseUnlessEmpty(target);

  const dir = await mkdtemp(path.join(tmpdir(), 'yujing-db-copy-'));
  try {
    const snapshotPath = path.join(dir, 'snapshot.sqlite');
    let original: SQLite.Database;
    try {
      original = new SQLite(sourcePath, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw new CopyRefused(`cannot open the SQLite database ${sourcePath}: ${(error as Error).message}`);
    }
    try {
      await original.backup(snapshotPath);
    } finally {
      original.close();
    }

    // An older install's file is upgraded on the snapshot, so both sides have the same schema.
    const upgraded = openDatabase({ databasePath: snapshotPath });
    try {
      await migrateToLatest(upgraded);
    } finally {
      await upgraded.destroy();
    }
    await migrateToLatest(target);

    const snapshot = new SQLite(snapshotPath, { readonly: true });
    try {
      return await copyTables(snapshot, target, log);
    } finally {
      snapshot.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Refuses a target with any row in any table of its schema (its migration bookkeeping aside). */
async function refuseUnlessEmpty(target: Db): Promise<void> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(target);
  for (const { table_name: table } of rows) {
    if (bookkeeping.has(table)) continue;
    const count = await countRows(target, table);
    if (count > 0)
      throw new CopyRefused(`the target database is not empty: ${table} has ${count} row(s); copy into an empty database`);
  }
}

async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string | bigint }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The snapshot's tables, each after the tables its foreign keys point at. */
function tablesInDependencyOrder(snapshot: SQLite.Database): string[] {
  const names = (
    snapshot.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).all() as {
      name: string;
    }[]
  )
    .map((r) => r.name)
    .filter((name) => !bookkeeping.has(name));
  const ordered: string[] = [];
  const placing = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || placing.has(table)) return;
    placing.add(table);
    const parents = snapshot.prepare(`select "table" as parent from pragma_foreign_key_list(?)`).all(table) as {
      parent: string;
    }[];
    for (const { parent } of parents) if (parent !== table && names.includes(parent)) visit(parent);
    ordered.push(table);
  };
  for (const name of names) visit(name);
  return ordered;
}

async function copyTables(snapshot: SQLite.Database, target: Db, log: (line: string) => void): Promise<CopiedTable[]> {
  const tables = tablesInDependencyOrder(snapshot);
  return target.transaction().execute(async (trx) => {
    const copied: CopiedTable[] = [];
    for (const table of tables) {
      const columns = (snapshot.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map(
        (c) => c.name,
      );
      const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Math.max(1, columns.length)));
      let batch: Record<string, unknown>[] = [];
      let rows = 0;
      const flush = async () => {
        if (!batch.length) return;
        // The table is named at run time: the typed builder cannot know it.
        await trx
          .insertInto(table as never)
          .values(batch as never)
          .execute();
        rows += batch.length;
        batch = [];
      };
      for (const row of snapshot.prepare(`select * from "${table.replaceAll('"', '""')}" order by rowid`).iterate()) {
        batch.push(row as Record<string, unknown>);
        if (batch.length >= perInsert) await flush();
      }
      await flush();

      if (columns.includes('id')) await continueNumbering(trx, table);
      const there = await countRows(trx, table);
      if (there !== rows) throw new Error(`${table}: copied ${rows} row(s) but the target counts ${there}; nothing was kept`);
      log(`${table}: ${rows} row(s)`);
      copied.push({ table, rows });
    }
    return copied;
  });
}

/**
 * Lets the target's sequence for `id` continue after the largest copied key. Only an auto-numbered
 * `id` has one: a text id (a conversation's random one) is left alone, and PostgreSQL would not even
 * plan max(id) + 1 over it, so the sequence is looked up first.
 */
async function continueNumbering(db: Db, table: string): Promise<void> {
  const { rows } = await sql<{ seq: string | null }>`select pg_get_serial_sequence(${table}, 'id') as seq`.execute(db);
  const seq = rows[0]?.seq;
  if (!seq) return;
  await sql`select setval(${seq}, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
}
