import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 017_assessments: vocabulary assessments (assessment/). One row per test: its state while it is
// taken (the words asked, which are pseudo-words, the answers), then its result. A visitor's test
// has no user until they log in and keep it; a learner's finished tests are their history.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('assessments'))
    // sha256 hex of the session id the client holds; the id itself is never stored.
    .addColumn('session_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // The test's state as JSON (assessment/test-plan.ts); never sent to the client whole.
    .addColumn('state', 'text', (c) => c.notNull())
    // Items answered: an answer is taken only for the step the client names (one statement).
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // The result as JSON, and its size apart for the history.
    .addColumn('result', 'text')
    .addColumn('size', 'integer')
    .execute();
  await db.schema.createIndex('assessments_user_finished').on('assessments').columns(['user_id', 'finished_at']).execute();
  await db.schema.createIndex('assessments_created').on('assessments').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assessments').execute();
}
