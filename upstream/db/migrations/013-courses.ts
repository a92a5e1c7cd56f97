import type { Kysely } from 'kysely';

// 013_courses: where each learner is in each course unit, and the questions of imported exam
// papers (the reading-question books of courses/).

export async function up(db: Kysely<unknown>): Promise<void> {
  // A unit is named by a key that survives a rebuild of the books (courses/books.ts): a word
  // book's unit number, a passage's document identity and part. `unit` is where it was when last
  // written, for the lists' sake only.
  await db.schema
    .createTable('course_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('unit_key', 'text', (c) => c.notNull())
    .addColumn('unit', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_progress_pk', ['user_id', 'course_id', 'unit_key'])
    .execute();

  // A paper's questions belong to its identity, not its row: importing the paper's text again
  // (which replaces the document row) keeps them.
  await db.schema
    .createTable('exam_questions')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('sub_category', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    // JSON: [{ "key": "A", "text": "…" }, …]
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_questions_pk', ['category', 'sub_category', 'filename', 'number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exam_questions').execute();
  await db.schema.dropTable('course_progress').execute();
}
