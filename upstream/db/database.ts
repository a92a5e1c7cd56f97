import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Where the database is: the configuration's fields of the same names. */
export interface DatabaseLocation {
  /** Path of the SQLite file, or ':memory:'. */
  databasePath: string;
  /** PostgreSQL connection string; takes precedence over databasePath when set. */
  databaseUrl?: string;
}

/** Opens the configured database. It is not migrated yet: call `migrateToLatest`. */
export function openDatabase(config: DatabaseLocation): Db {
  if (config.databaseUrl) {
    // The query layer is dialect-neutral; only the driver is missing.
    throw new Error('PostgreSQL support needs the pg package: install it and add a PostgresDialect, or unset DATABASE_URL');
  }
  if (config.databasePath !== ':memory:') {
    fs.mkdirSync(path.dirname(config.databasePath), { recursive: true });
  }
  const sqlite = new SQLite(config.databasePath);
  // WAL lets readers (ops tools, a second process) work while the service writes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Applies every pending migration; a no-op when the schema is current. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
