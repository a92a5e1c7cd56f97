import type { Kysely } from 'kysely';

// 024_paper_questions: a paper's questions say which section of the paper they belong to (its
// `## ` heading, counted from 1; 0 for papers without sections), how they are answered (choice,
// cloze, match, translation) and the passage's words that decide the answer.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exam_questions')
    .addColumn('section', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('exam_questions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('choice'))
    .execute();
  await db.schema
    .alterTable('exam_questions')
    .addColumn('evidence', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['evidence', 'kind', 'section']) {
    await db.schema.alterTable('exam_questions').dropColumn(column).execute();
  }
}
