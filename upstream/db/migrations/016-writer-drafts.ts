import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 016_writer_drafts: the texts learners keep in the writer (writer/writer-drafts.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('writer_drafts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('writer_drafts_user').on('writer_drafts').columns(['user_id', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('writer_drafts').execute();
}
