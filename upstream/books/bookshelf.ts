import { type Selectable, sql, type Transaction } from 'kysely';
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
import { levelLabel, type DocumentProfile } from '../reading/profile';
import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { BooksTable, Database } from '../db/schema';
import { badRequest, notFound } from '../platform/http';
import { stamp, type Clock } from '../platform/time';
import { type PackedBook, sentenceRows, type StoredChapter, wordRows } from './book';

// Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits, and a millisecond
// or two each (preparing the statement grows with its rows: chunks of 1,000 took 5–15 ms on
// SQLite), so that the requests of others get the event loop and the database between two.
const sentenceChunk = 250;
// …or this many characters of them (1,000 sentences of 1,000 characters took 20 ms).
const sentenceChunkCharacters = 50_000;
const wordChunk = 500;
// Sentences deleted a statement when a book is removed.
const removalChunk = 2_000;
/** The unknown words get_book lists (the most frequent first); the total is counted apart. */
const unknownWordsShown = 100;
/** A page of a book made before pages were cut at make time: this many sentences. */
const legacyPageSentences = 200;
/** A book row not on the shelf after this long is what a write that never ended left behind. */
const abandonedAfterMs = 10 * 60_000;

export interface NewBook {
  title: string;
  format: BookFormat;
  fileName: string;
  fileBytes: number;
  readerLevel: number;
  made: PackedBook;
}

const parseChapters = (row: Pick<Selectable<BooksTable>, 'chapters'>) => JSON.parse(row.chapters) as StoredChapter[];

function summaryOf(row: Selectable<BooksTable>, chapterCount = parseChapters(row).length): BookSummary {
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
    chapter_count: chapterCount,
    sentence_count: row.sentence_count,
    created_at: row.created_at,
  };
}

/** Where a chapter's pages start (sentence offsets in it): as made, or for an older book every legacyPageSentences. */
function pageStartsOf(chapter: StoredChapter): number[] {
  if (chapter.starts?.length) return chapter.starts;
  const starts = [0];
  for (let at = legacyPageSentences; at < chapter.sentences; at += legacyPageSentences) starts.push(at);
  return starts;
}

const listed = (chapter: StoredChapter): BookChapter => ({
  number: chapter.number,
  title: chapter.title,
  sentences: chapter.sentences,
  word_count: chapter.word_count,
  pages: pageStartsOf(chapter).length,
});

const documentRef = (d: { category: string; sub_category: string; filename: string }) =>
  `${d.category}/${d.sub_category}/${d.filename}`;

// Lets the requests waiting on the event loop (and, on SQLite, for the one connection) go first.
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Personal books and the shelf. A book is read by its owner only, and only once it is on the
 * shelf: every read names the user, so another user's book is simply not found, and a book still
 * being written is not there yet. It is written in pieces (the row, its sentences a few hundred at
 * a time, its words, then its place on the shelf), so that a book of 200,000 sentences never holds
 * the database (on SQLite, the service's one connection) for long; a write that fails takes its
 * pieces away again.
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

  /** The owner's book row, once it is on their shelf; 404 otherwise. */
  async function ownBook(userId: number, bookId: number) {
    const row = await db
      .selectFrom('books')
      .selectAll()
      .where('id', '=', bookId)
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('bookshelf')
            .select('bookshelf.id')
            .where('bookshelf.user_id', '=', userId)
            .where('bookshelf.kind', '=', 'book')
            .where('bookshelf.ref', '=', String(bookId)),
        ),
      )
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** A book's rows, all of them (a failed write, an abandoned one, a removal). */
  async function deleteBook(executor: Db | Transaction<Database>, bookId: number) {
    await executor.deleteFrom('book_sentences').where('book_id', '=', bookId).execute();
    await executor.deleteFrom('book_words').where('book_id', '=', bookId).execute();
    await executor.deleteFrom('books').where('id', '=', bookId).execute();
  }

  return {
    async addBook(userId: number, book: NewBook): Promise<BookSummary & { unknown_words: number }> {
      const at = stamp(now());
      const made = book.made;
      const { profile } = made;
      // The row first, under the user's limit of books.
      const id = await db.transaction().execute(async (trx) => {
        // The user's row is the lock under which the count is checked (PostgreSQL; SQLite has
        // one writer at a time anyway), so two uploads at once cannot pass the limit together.
        if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        // Rows a write left behind (the process ended half way) are not books: away with them.
        const abandoned = await trx
          .selectFrom('books')
          .select('id')
          .where('user_id', '=', userId)
          .where('created_at', '<', stamp(new Date(now().getTime() - abandonedAfterMs)))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('bookshelf')
                  .select('bookshelf.id')
                  .where('bookshelf.user_id', '=', userId)
                  .where('bookshelf.kind', '=', 'book')
                  .where('bookshelf.ref', '=', sql<string>`cast(books.id as text)`),
              ),
            ),
          )
          .execute();
        for (const { id } of abandoned) await deleteBook(trx, id);
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
            chapters: JSON.stringify(made.chapters),
            sentence_count: made.sentenceCount,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      });
      try {
        // Then its sentences and words, a chunk a statement, others' requests in between; then the shelf.
        let rows: { book_id: number; position: number; chapter: number; paragraph: number; text: string }[] = [];
        let characters = 0;
        for (const row of sentenceRows(made)) {
          rows.push({ book_id: id, ...row });
          characters += row.text.length;
          if (rows.length === sentenceChunk || characters >= sentenceChunkCharacters) {
            await db.insertInto('book_sentences').values(rows).execute();
            rows = [];
            characters = 0;
            await yieldToOthers();
          }
        }
        if (rows.length) await db.insertInto('book_sentences').values(rows).execute();
        let words: { book_id: number; lemma: string; occurrences: number; word_level: number }[] = [];
        for (const word of wordRows(made)) {
          words.push({ book_id: id, lemma: word.lemma, occurrences: word.occurrences, word_level: word.level });
          if (words.length === wordChunk) {
            await yieldToOthers();
            await db.insertInto('book_words').values(words).execute();
            words = [];
          }
        }
        if (words.length) await db.insertInto('book_words').values(words).execute();
        await db
          .insertInto('bookshelf')
          .values({ user_id: userId, kind: 'book', ref: String(id), title: book.title, added_at: at })
          .execute();
      } catch (error) {
        await deleteBook(db, id).catch(() => {});
        throw error;
      }
      const row = await db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const { n } = await unknownWords(userId, id, book.readerLevel)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { ...summaryOf(row, made.chapters.length), unknown_words: Number(n) };
    },

    /**
     * The owner's book with one page of one chapter's text and one page of its table of contents
     * (by default the one that lists the chapter); 404 for anyone else and for a chapter or a page
     * it lacks.
     */
    async readBook(
      userId: number,
      bookId: number,
      { chapter: chapterNumber = 1, page = 1, contentsPage }: { chapter?: number; page?: number; contentsPage?: number } = {},
    ): Promise<ReadableBook> {
      const row = await ownBook(userId, bookId);
      const chapters = parseChapters(row);
      const chapter = chapters[chapterNumber - 1];
      if (!chapter) throw notFound();
      const starts = pageStartsOf(chapter);
      if (page > starts.length) throw notFound();
      const perPage = bookUpload.chaptersPerPage;
      const contentsPages = Math.max(1, Math.ceil(chapters.length / perPage));
      const listPage = contentsPage ?? Math.ceil(chapterNumber / perPage);
      if (listPage > contentsPages) throw notFound();
      // Sentence positions run through the book in order: the chapter's first is the count of those before it.
      let first = 0;
      for (const before of chapters.slice(0, chapterNumber - 1)) first += before.sentences;
      const from = first + starts[page - 1];
      const to = first + (starts[page] ?? chapter.sentences);
      const [sentences, unknown, total] = await Promise.all([
        db
          .selectFrom('book_sentences')
          .select(['position', 'paragraph', 'text'])
          .where('book_id', '=', bookId)
          .where('position', '>=', from)
          .where('position', '<', to)
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
        ...summaryOf(row, chapters.length),
        chapters: chapters.slice((listPage - 1) * perPage, listPage * perPage).map(listed),
        contents: { page: listPage, pages: contentsPages, per_page: perPage },
        chapter: { number: chapterNumber, title: chapter.title, page, pages: starts.length, paragraphs },
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
      const row = await ownBook(userId, bookId);
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
      const removed = await db
        .deleteFrom('bookshelf')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('ref', '=', ref)
        .executeTakeFirst();
      if (kind === 'book' && /^\d{1,9}$/.test(ref)) {
        // Off the shelf, the book is no longer read; its rows go in pieces, as they came.
        const book = await db
          .selectFrom('books')
          .select(['id', 'sentence_count'])
          .where('id', '=', Number(ref))
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (book) {
          for (let end = book.sentence_count - removalChunk; end > 0; end -= removalChunk) {
            await db.deleteFrom('book_sentences').where('book_id', '=', book.id).where('position', '>=', end).execute();
            await yieldToOthers();
          }
          await deleteBook(db, book.id);
        }
      }
      return Number(removed.numDeletedRows) > 0;
    },
  };
}

export type Bookshelf = ReturnType<typeof createBookshelf>;
