import type { Kysely } from 'kysely';

// 009_lookup_answers: a lookup keeps the answer it was given, so reopening it from the history
// shows that answer and does not count as a new use.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The query_word result as JSON; null for lookups recorded before this column existed.
  await db.schema.alterTable('lookups').addColumn('answer', 'text').execute();
  await db.schema.createIndex('lookups_user_word').on('lookups').columns(['user_id', 'target_word']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('lookups_user_word').execute();
  await db.schema.alterTable('lookups').dropColumn('answer').execute();
}
