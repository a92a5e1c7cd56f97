import type { Kysely } from 'kysely';

// 002_usage: the usage ledger's daily counts of metered features.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_pk', ['day', 'subject', 'feature'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage').execute();
}
