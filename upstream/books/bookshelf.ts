import { sql } from 'kysely';
import {
  bookUpload,
  type BookChapter,
  type BookFormat,
  type BookSummary,
  type ContentCategory,
  type DocumentSentence,
  type ReadableBook,
  type ShelfItem,
  type ShelfKind,
} from '../../lib/contract';
import { levelLabel, type DocumentProfile } from '../content/profile';
import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { Selectable } from 'kysely';
import type { BooksTable } from '../db/schema';
import { badRequest, notFound } from '../platform/http';
import { stamp, type Clock } from '../platform/time';
import { chapterList, type MadeBook } from './book';

// Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits.
const sentenceChunk = 1_000;
const wordChunk = 2_000;
/** The unknown words get_book lists (the most frequent first); the total is counted apart. */
const unknownWordsShown = 100;

export interface NewBook {
  title: string;
  format: BookFormat;
  fileName: string;
  fileBytes: number;
  readerLevel: number;
  made: MadeBook;
}

function summaryOf(row: Selectable<BooksTable>): BookSummary {
  const chapters = JSON.parse(row.chapters) as BookChapter[];
  return {
    book_id: row.id,
    title: row.title,
    format: row.format as BookFormat,
    file_name: row.file_name,
    word_count: row.word_count,
    lemma_count: row.lemma_count,
    level: row.level,
    level_label: levelLabel(row.level),
    profile: JSON.parse(row.profile) as DocumentProfile['exams'],
    reader_level: row.reader_level,
    chapter_count: chapters.length,
    sentence_count: row.sentence_count,
    created_at: row.created_at,
  };
}

const documentRef = (d: { category: string; sub_category: string; filename: string }) =>
  `${d.category}/${d.sub_category}/${d.filename}`;

/**
 * Personal books and the shelf. A book is stored whole or not at all (one transaction), and is
 * read by its owner only: every read names the user, so another user's book is simply not found.
 */
export function createBookshelf({ db, now }: { db: Db; now: Clock }) {
  /** The reader's unknown words in a book: above their level and not marked 熟词, or marked 生词. */
  function unknownWords(userId: number, bookId: number, readerLevel: number) {
    return db
      .selectFrom('book_words as w')
      .leftJoin('word_list as l', (join) => join.onRef('l.lemma', '=', 'w.lemma').on('l.user_id', '=', userId))
      .where('w.book_id', '=', bookId)
      .where((eb) =>
        eb.or([
          eb.and([eb('w.word_level', '>', readerLevel), eb.or([eb('l.strange', 'is', null), eb('l.strange', '<>', 0)])]),
          eb('l.strange', '=', 1),
        ]),
      );
  }

  return {
    async addBook(userId: number, book: NewBook): Promise<BookSummary & { unknown_words: number }> {
      const at = stamp(now());
      const chapters = chapterList(book.made);
      const { profile } = book.made;
      const id = await db.transaction().execute(async (trx) => {
        // The user's row is the lock under which the count is checked (PostgreSQL; SQLite has
        // one writer at a time anyway), so two uploads at once cannot pass the limit together.
        if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const { n } = await trx
          .selectFrom('books')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= bookUpload.maxBooks) {
          throw badRequest(`书架上最多 ${bookUpload.maxBooks} 本自制书，请先删除一些`);
        }
        const { id } = await trx
          .insertInto('books')
          .values({
            user_id: userId,
            title: book.title,
            format: book.format,
            file_name: book.fileName,
            file_bytes: book.fileBytes,
            word_count: profile.word_count,
            lemma_count: profile.lemma_count,
            level: profile.level,
            profile: JSON.stringify(profile.exams),
            reader_level: book.readerLevel,
            chapters: JSON.stringify(chapters),
            sentence_count: book.made.sentenceCount,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const rows: { book_id: number; position: number; chapter: number; paragraph: number; text: string }[] = [];
        let paragraph = 0;
        for (const [c, chapter] of book.made.chapters.entries()) {
          for (const sentences of chapter.paragraphs) {
            for (const text of sentences) rows.push({ book_id: id, position: rows.length, chapter: c + 1, paragraph, text });
            paragraph++;
          }
        }
        for (let i = 0; i < rows.length; i += sentenceChunk) {
          await trx
            .insertInto('book_sentences')
            .values(rows.slice(i, i + sentenceChunk))
            .execute();
        }
        const words = [...book.made.words].map(([lemma, w]) => ({
          book_id: id,
          lemma,
          occurrences: w.occurrences,
          word_level: w.level,
        }));
        for (let i = 0; i < words.length; i += wordChunk) {
          await trx
            .insertInto('book_words')
            .values(words.slice(i, i + wordChunk))
            .execute();
        }
        await trx
          .insertInto('bookshelf')
          .values({ user_id: userId, kind: 'book', ref: String(id), title: book.title, added_at: at })
          .execute();
        return id;
      });
      const row = await db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const { n } = await unknownWords(userId, id, book.readerLevel)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { ...summaryOf(row), unknown_words: Number(n) };
    },

    /** The owner's book with one chapter's text; 404 for anyone else and for a chapter it lacks. */
    async readBook(userId: number, bookId: number, chapterNumber = 1): Promise<ReadableBook> {
      const row = await db
        .selectFrom('books')
        .selectAll()
        .where('id', '=', bookId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound();
      const chapters = JSON.parse(row.chapters) as BookChapter[];
      const chapter = chapters[chapterNumber - 1];
      if (!chapter) throw notFound();
      const [sentences, unknown, total] = await Promise.all([
        db
          .selectFrom('book_sentences')
          .select(['position', 'paragraph', 'text'])
          .where('book_id', '=', bookId)
          .where('chapter', '=', chapterNumber)
          .orderBy('position')
          .execute(),
        unknownWords(userId, bookId, row.reader_level)
          .select(['w.lemma', 'w.occurrences', 'w.word_level', 'l.strange'])
          .orderBy('w.occurrences', 'desc')
          .orderBy('w.lemma')
          .limit(unknownWordsShown)
          .execute(),
        unknownWords(userId, bookId, row.reader_level)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const paragraphs: DocumentSentence[][] = [];
      let last = -1;
      for (const s of sentences) {
        if (s.paragraph !== last) paragraphs.push([]);
        last = s.paragraph;
        // The sentence's number in the book: the page's anchors (s-{id}) stay unique and stable.
        paragraphs[paragraphs.length - 1].push({ id: s.position + 1, text: s.text });
      }
      return {
        ...summaryOf(row),
        chapters,
        chapter: { number: chapterNumber, title: chapter.title, paragraphs },
        unknown_words: {
          total: Number(total.n),
          items: unknown.map((w) => ({
            lemma: w.lemma,
            occurrences: w.occurrences,
            level: w.word_level,
            strange: w.strange === 1 ? 1 : null,
          })),
        },
      };
    },

    /**
     * The owner's book's unknown words for a word sheet: its title, how many there are, and the
     * most frequent `limit` lemmas. 404 for anyone else.
     */
    async unknownWordList(userId: number, bookId: number, limit: number) {
      const row = await db
        .selectFrom('books')
        .select(['title', 'reader_level'])
        .where('id', '=', bookId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound();
      const [items, total] = await Promise.all([
        unknownWords(userId, bookId, row.reader_level)
          .select(['w.lemma'])
          .orderBy('w.occurrences', 'desc')
          .orderBy('w.lemma')
          .limit(limit)
          .execute(),
        unknownWords(userId, bookId, row.reader_level)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { title: row.title, total: Number(total.n), lemmas: items.map((w) => w.lemma) };
    },

    /** Puts a library document or a course book on the shelf; again changes nothing. */
    async addToShelf(
      userId: number,
      item: { category?: ContentCategory; sub_category?: string; filename?: string; course_book_id?: string; title?: string },
    ): Promise<ShelfItem> {
      let kind: ShelfKind;
      let ref: string;
      let title: string;
      if (item.category && item.filename) {
        const doc = await db
          .selectFrom('documents')
          .select(['category', 'sub_category', 'filename', 'title'])
          .where('category', '=', item.category)
          .where('sub_category', '=', item.sub_category ?? '')
          .where('filename', '=', item.filename)
          .executeTakeFirst();
        if (!doc) throw notFound();
        kind = 'document';
        ref = documentRef(doc);
        title = doc.title;
      } else if (item.course_book_id) {
        kind = 'course';
        ref = item.course_book_id;
        title = item.title ?? item.course_book_id;
      } else {
        throw badRequest('请给出文档或课程书');
      }
      await db
        .insertInto('bookshelf')
        .values({ user_id: userId, kind, ref, title, added_at: stamp(now()) })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing())
        .execute();
      const items = await this.shelf(userId, { kind, ref });
      return items[0];
    },

    /** The shelf, the most recently added first (or the one item named). */
    async shelf(userId: number, only?: { kind: ShelfKind; ref: string }): Promise<ShelfItem[]> {
      let query = db
        .selectFrom('bookshelf as s')
        .leftJoin('books as b', (join) =>
          join.on('s.kind', '=', 'book').on('b.user_id', '=', userId).on(sql`cast(b.id as text)`, '=', sql.ref('s.ref')),
        )
        .selectAll('b')
        .select(['s.id as shelf_id', 's.kind', 's.ref', 's.title as shelf_title', 's.added_at'])
        .where('s.user_id', '=', userId);
      if (only) query = query.where('s.kind', '=', only.kind).where('s.ref', '=', only.ref);
      const rows = await query.orderBy('s.added_at', 'desc').orderBy('s.id', 'desc').execute();
      return rows.map((r): ShelfItem => {
        const base = { kind: r.kind as ShelfKind, ref: r.ref, title: r.shelf_title, added_at: r.added_at };
        if (r.kind === 'book' && r.id !== null) return { ...base, book: summaryOf(r as Selectable<BooksTable>) };
        if (r.kind === 'document') {
          const [category, sub_category, ...rest] = r.ref.split('/');
          return {
            ...base,
            document: { category: category as ContentCategory, sub_category: sub_category || null, filename: rest.join('/') },
          };
        }
        return base;
      });
    },

    /** Takes an item off the shelf; a personal book is deleted with its sentences and words. */
    async remove(userId: number, kind: ShelfKind, ref: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('bookshelf')
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .where('ref', '=', ref)
          .executeTakeFirst();
        if (kind === 'book' && /^\d{1,9}$/.test(ref)) {
          const owned = trx.selectFrom('books').select('id').where('id', '=', Number(ref)).where('user_id', '=', userId);
          await trx.deleteFrom('book_sentences').where('book_id', 'in', owned).execute();
          await trx.deleteFrom('book_words').where('book_id', 'in', owned).execute();
          await trx.deleteFrom('books').where('id', '=', Number(ref)).where('user_id', '=', userId).execute();
        }
        return Number(removed.numDeletedRows) > 0;
      });
    },
  };
}

export type Bookshelf = ReturnType<typeof createBookshelf>;
