import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Where the database is: the configuration's fields of the same names. */
export interface DatabaseLocation {
  /** Path of the SQLite file, or ':memory:'. */
  databasePath: string;
  /** PostgreSQL connection string; takes precedence over databasePath when set. */
  databaseUrl?: string;
  /** Connections the PostgreSQL pool opens at most (default 10). */
  databasePoolSize?: number;
  /**
   * PostgreSQL: a statement running longer is cancelled, and a request waiting longer for a free
   * connection fails, so that a stuck query or an exhausted pool answers an error instead of
   * holding the caller forever (default 10 s; 0 turns both off).
   */
  databaseStatementTimeoutMs?: number;
}

/** Where the database is, for a log line: the SQLite file, or PostgreSQL's host and database (never a password). */
export function describeDatabase(config: DatabaseLocation): string {
  if (!config.databaseUrl) return config.databasePath;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** Opens the configured database. It is not migrated yet: call `migrateToLatest`. */
export function openDatabase(config: DatabaseLocation): Db {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config);
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

// PostgreSQL type oids whose text the pg driver hands over as strings by default.
const int8Oid = 20;
const numericOid = 1700;

/**
 * The pg driver answers int8 (what count(*) and sum() of integers return) and numeric as strings,
 * to keep precision beyond 2^53; SQLite answers numbers. Our counts and sums are far below that,
 * so both come back as numbers and no caller needs to know which database it has. Set per pool,
 * not on pg's global table, so that nothing else in the process is affected.
 */
const sameShapesAsSqlite: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8Oid || oid === numericOid
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

function openPostgres(connectionString: string, config: DatabaseLocation): Db {
  const timeoutMs = config.databaseStatementTimeoutMs ?? 10_000;
  const pool = new pg.Pool({
    connectionString,
    max: config.databasePoolSize ?? 10,
    application_name: 'yujing-upstream',
    types: sameShapesAsSqlite,
    ...(timeoutMs > 0 ? { statement_timeout: timeoutMs, connectionTimeoutMillis: timeoutMs } : {}),
  });
  // An idle connection that breaks (the server restarts, a proxy drops it) is only logged: the
  // pool opens a new one when next needed. Unhandled, the pool's error event would end the process.
  pool.on('error', (error) => console.error(`[db] an idle PostgreSQL connection failed: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The migrations a database has not had yet, by name. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
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
