import type { Kysely } from 'kysely';

// 011_document_profile: each document's word count, exam-word profile and difficulty level
// (content/profile.ts), and where its paragraphs start, for reading it back as it was written.

export async function up(db: Kysely<unknown>): Promise<void> {
  // All null for documents imported before: the library fills them in at start (it needs the
  // dictionary, which a migration does not load).
  await db.schema.alterTable('documents').addColumn('word_count', 'integer').execute();
  await db.schema.alterTable('documents').addColumn('level', 'integer').execute();
  // Distinct lemmas known to the dictionary, and those of them each exam lists.
  for (const column of ['lemma_count', 'exam_zk', 'exam_gk', 'exam_cet4', 'exam_cet6', 'exam_ky', 'exam_ielts']) {
    await db.schema.alterTable('documents').addColumn(column, 'integer').execute();
  }
  // The positions of the sentences that open a paragraph, as a JSON array ([0, 3, 7]).
  await db.schema.alterTable('documents').addColumn('paragraph_starts', 'text').execute();
  // Reading lists page through a category in a stable order.
  await db.schema.createIndex('documents_category_listing').on('documents').columns(['category', 'sub_category', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_category_listing').execute();
  for (const column of [
    'paragraph_starts',
    'exam_ielts',
    'exam_ky',
    'exam_cet6',
    'exam_cet4',
    'exam_gk',
    'exam_zk',
    'lemma_count',
    'level',
    'word_count',
  ]) {
    await db.schema.alterTable('documents').dropColumn(column).execute();
  }
}
