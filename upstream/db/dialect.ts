import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';

/*
 * Where SQLite and PostgreSQL differ, the code asks here, so that each migration and each query
 * stays one code path for both.
 */

/** Any of our Kysely instances, whatever its table types: all these helpers need is its adapter. */
type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

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

/**
 * Runs `task` while no other instance runs its own: on PostgreSQL under a cluster-wide advisory
 * lock held by one connection of the pool (instances starting together take turns); SQLite, one
 * file with one writer, needs none. The task uses `db` as usual.
 */
export async function oneInstanceAtATime<DB, T>(db: Kysely<DB>, task: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return task();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK})`.execute(connection);
    try {
      return await task();
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(connection);
    }
  });
}
