import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';

/*
 * Where SQLite and PostgreSQL differ, the code asks here, so that each migration and each query
 * stays one code path for both.
 */

/** Any of our Kysely instances, whatever its table types: all these helpers need is its adapter. */
type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A unique constraint said no (SQLite and PostgreSQL say it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Adds the auto-numbered key `id`: SQLite and PostgreSQL spell it differently. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * The largest auto-numbered key: PostgreSQL's serial is a 4-byte integer, and a larger number in
 * a comparison with it is an error there, where SQLite simply finds no row. Ids from outside
 * (a task number in a request) are checked against it first, so that both answer "not found".
 */
export const maxId = 2_147_483_647;

/**
 * A text column for ORDER BY in code-point order, as SQLite compares text. PostgreSQL would sort
 * by the database's locale, which differs from machine to machine (en_US puts 'a-b' after 'ab').
 */
export function inCodePointOrder(db: AnyDb, column: string): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;
}

/** The advisory lock under which an instance prepares the database (an arbitrary, fixed number). */
const PREPARE_LOCK = 7_310_924;

/** How long an instance waits for another to finish preparing, and how often it asks. */
const PREPARE_WAIT_MS = 10 * 60_000;
const PREPARE_POLL_MS = 250;

/**
 * Runs `task` while no other instance runs its own: on PostgreSQL under a cluster-wide advisory
 * lock held by one connection of the pool (instances starting together take turns); SQLite, one
 * file with one writer, needs none. The task uses `db` as usual.
 *
 * The lock is asked for again and again rather than waited on in one statement: the pool's
 * statement timeout (seconds) would cut that wait short while another instance migrates and
 * seeds, which can take longer on a busy machine.
 */
export async function oneInstanceAtATime<DB, T>(db: Kysely<DB>, task: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return task();
  return db.connection().execute(async (connection) => {
    const giveUpAt = Date.now() + PREPARE_WAIT_MS;
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${PREPARE_LOCK}) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      if (Date.now() > giveUpAt) throw new Error('Another instance has been preparing the database for 10 minutes; giving up');
      await new Promise((resolve) => setTimeout(resolve, PREPARE_POLL_MS));
    }
    try {
      return await task();
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(connection);
    }
  });
}
