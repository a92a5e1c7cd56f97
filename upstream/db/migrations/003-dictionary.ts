import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 003_dictionary: lookup history, the word list and thumbs on meanings.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every lookup of a logged-in user: the history screens read it newest first.
  await withId(db, db.schema.createTable('lookups'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_word', 'text', (c) => c.notNull())
    .addColumn('lemma', 'text', (c) => c.notNull())
    .addColumn('pre_context', 'text', (c) => c.notNull())
    .addColumn('post_context', 'text', (c) => c.notNull())
    .addColumn('from_screen', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lookups_user').on('lookups').columns(['user_id', 'id']).execute();

  // The user's word list: one row per lemma, with the latest sentence and its familiarity.
  await db.schema
    .createTable('word_list')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lemma', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('strange', 'integer')
    .addColumn('from_screen', 'text', (c) => c.notNull())
    .addColumn('sentence', 'text', (c) => c.notNull())
    .addColumn('lookups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('word_list_pk', ['user_id', 'lemma'])
    .execute();
  await db.schema.createIndex('word_list_user_updated').on('word_list').columns(['user_id', 'updated_at']).execute();

  // Thumbs on "the meaning in this text": one verdict per user (or visitor) and result key.
  await db.schema
    .createTable('word_feedback')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('feedback_type', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('word_feedback_pk', ['subject', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['word_feedback', 'word_list', 'lookups']) await db.schema.dropTable(table).execute();
}
