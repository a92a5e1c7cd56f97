import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 004_content: the content library with its word index, and sense annotation.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The content library. A document is addressed like the content call addresses it;
  // sub_category is '' when there is none, because a unique index treats NULLs as distinct.
  await withId(db, db.schema.createTable('documents'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('sub_category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('documents_identity')
    .on('documents')
    .columns(['category', 'sub_category', 'filename'])
    .unique()
    .execute();
  await db.schema.createIndex('documents_category_year').on('documents').columns(['category', 'year']).execute();

  await withId(db, db.schema.createTable('sentences'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sentences_document').on('sentences').columns(['document_id', 'position']).unique().execute();

  // The word index: a plain table rather than SQLite's FTS5, so that it runs unchanged on
  // PostgreSQL, matches exact word forms (the dictionary supplies the inflections; a stemming
  // tokenizer would conflate words), and counts occurrences, which exam counts need.
  await db.schema
    .createTable('sentence_words')
    .addColumn('sentence_id', 'integer', (c) => c.notNull().references('sentences.id').onDelete('cascade'))
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('occurrences', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sentence_words_pk', ['sentence_id', 'word'])
    .execute();
  await db.schema.createIndex('sentence_words_word').on('sentence_words').columns(['word', 'sentence_id']).execute();

  // Annotation tasks keep their own copy of the sentence, so that re-importing a document
  // (which gives its sentences new ids) never invalidates a task or the answers to it.
  await withId(db, db.schema.createTable('annotation_tasks'))
    .addColumn('sentence_id', 'integer', (c) => c.references('sentences.id').onDelete('set null'))
    .addColumn('sentence', 'text', (c) => c.notNull())
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('target_word_index', 'integer', (c) => c.notNull())
    .addColumn('target_offset', 'integer', (c) => c.notNull())
    .addColumn('target_word', 'text', (c) => c.notNull())
    .addColumn('target_lemma', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('annotation_tasks_sentence').on('annotation_tasks').column('sentence_id').unique().execute();
  await db.schema.createIndex('annotation_tasks_lemma').on('annotation_tasks').column('target_lemma').execute();

  // How far task generation has read the library, so that no sentence is examined twice.
  await db.schema
    .createTable('annotation_progress')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_sentence_id', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('annotations')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('annotation_tasks.id').onDelete('cascade'))
    .addColumn('annotator', 'text', (c) => c.notNull())
    .addColumn('uid', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sense_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('annotations_pk', ['task_id', 'annotator'])
    .execute();
  await db.schema.createIndex('annotations_annotator').on('annotations').columns(['annotator', 'task_id']).execute();
  await db.schema.createIndex('annotations_sense').on('annotations').column('sense_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['annotations', 'annotation_progress', 'annotation_tasks', 'sentence_words', 'sentences', 'documents']) {
    await db.schema.dropTable(table).execute();
  }
}
