import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * Where SQLite and PostgreSQL differ in the schema, the migrations ask here, so that each of them
 * stays one code path for both.
 */

/** Adds the auto-numbered key `id`: SQLite and PostgreSQL spell it differently. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
