import type { Kysely } from 'kysely';

// 005_rate_limits: the rate limiter's counters.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Fixed-window counters of rate limits (login codes per address, wrong codes per day…):
  // one row per rule, subject and window, counted up by one atomic upsert.
  await db.schema
    .createTable('rate_counters')
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['rule', 'subject', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_counters_expiry').on('rate_counters').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
}
