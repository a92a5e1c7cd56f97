import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 014_books: personal books made from uploads (books/), with their sentences and word counts; the
// bookshelf; and the user's named word lists beside the 生词/熟词 list.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('books'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // txt, md, epub or pdf: how the file was read.
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_bytes', 'integer', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('lemma_count', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    // The exam profile (content/profile.ts) as JSON: {zk, gk, cet4, cet6, ky, ielts}.
    .addColumn('profile', 'text', (c) => c.notNull())
    // The level the unknown words are measured against (1–5).
    .addColumn('reader_level', 'integer', (c) => c.notNull())
    // The chapters as JSON: [{number, title, sentences, word_count}], in order.
    .addColumn('chapters', 'text', (c) => c.notNull())
    .addColumn('sentence_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('books_user').on('books').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('book_sentences')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('chapter', 'integer', (c) => c.notNull())
    // The paragraph's index in the whole book: sentences of one paragraph share it.
    .addColumn('paragraph', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_sentences_pk', ['book_id', 'position'])
    .execute();
  await db.schema
    .createIndex('book_sentences_chapter')
    .on('book_sentences')
    .columns(['book_id', 'chapter', 'position'])
    .execute();

  // Every lemma the dictionary knows in the book, with its count and its word level (profile.ts):
  // the unknown words are read from here against the reader's level and 熟词 marks.
  await db.schema
    .createTable('book_words')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('lemma', 'text', (c) => c.notNull())
    .addColumn('occurrences', 'integer', (c) => c.notNull())
    .addColumn('word_level', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_words_pk', ['book_id', 'lemma'])
    .execute();

  // The shelf: a personal book (ref = its id), a library document (ref = category/sub/filename)
  // or a course book (ref = its id, opaque here).
  await withId(db, db.schema.createTable('bookshelf'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookshelf_item').on('bookshelf').columns(['user_id', 'kind', 'ref']).unique().execute();

  // Named word lists; a word is on a list once (by lemma), with the sentence it was met in.
  await withId(db, db.schema.createTable('named_word_lists'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('named_word_lists_name').on('named_word_lists').columns(['user_id', 'name']).unique().execute();
  await db.schema
    .createTable('named_word_list_words')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('named_word_lists.id').onDelete('cascade'))
    .addColumn('lemma', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('sentence', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('named_word_list_words_pk', ['list_id', 'lemma'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['named_word_list_words', 'named_word_lists', 'bookshelf', 'book_words', 'book_sentences', 'books']) {
    await db.schema.dropTable(table).execute();
  }
}
