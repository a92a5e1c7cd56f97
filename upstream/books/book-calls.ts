import { defaultReaderLevel } from '../../lib/contract';
import type { Users } from '../account/users';
import type { CallHandlers } from '../platform/contract-routes';
import { ok, UpstreamError } from '../platform/http';
import type { CourseShelf } from '../courses/course-shelf';
import { type BookMaker, BookMakerBusy, type MadeFile } from './book-maker';
import type { Bookshelf } from './bookshelf';
import { BookFileError, checkUpload } from './extract';

export interface BookHandlersDeps {
  users: Pick<Users, 'requireUser'>;
  bookshelf: Bookshelf;
  /** The workers that read an upload and make it a book, off the event loop (book-maker.ts). */
  bookMaker: Pick<BookMaker, 'make'>;
  /** The course books, so that only a real one goes on a shelf, under its own name. */
  courseShelf: Pick<CourseShelf, 'catalogue'>;
}

const refused = (error: BookFileError) => new UpstreamError(error.httpStatus, String(error.httpStatus), error.message);
const busy = () => new UpstreamError(503, '503', new BookMakerBusy().message, { 'retry-after': '10' });
const tooFrequent = () => new UpstreamError(429, '000', '操作太频繁，请勿重复请求');

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const controls = /[\u0000-\u001f\u007f]/g;

// A file name as the shelf shows it: its last path segment, without control characters.
const cleanName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(controls, '').slice(0, 200) || 'book';
// A title on one line, without control characters (PostgreSQL cannot store NUL at all).
const cleanTitle = (title: string | undefined) => title?.replace(controls, ' ').replace(/\s+/g, ' ').trim() || undefined;

/**
 * A title from a file's name, for a file that names itself nowhere: without its ending, a copy's
 * mark ("(1)", "副本", "copy") or the underscores and hyphens that stand for spaces in a file
 * name ("the_secret-garden (1).epub" → "the secret garden").
 */
export function titleOfFileName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]+$/, '');
  const base = stem.replace(/\s*(?:\((?:\d+|copy)\)|[-_ ]?(?:副本|copy))\s*$/i, '');
  // Hyphens stand for spaces only in a name written without any ("the-secret-garden"), not in
  // one that has spaces of its own ("well-known tales").
  const slug = !/\s/.test(base);
  const title = base
    .replace(/_+/g, ' ')
    .replace(/(?<=[\p{L}\p{N}])-+(?=[\p{L}\p{N}])/gu, slug ? ' ' : '-')
    .replace(/\s+/g, ' ')
    .trim();
  return title || stem;
}

/** Book making, personal books and the bookshelf: logged-in users only (401 otherwise). */
export function bookHandlers({ users, bookshelf, bookMaker, courseShelf }: BookHandlersDeps): CallHandlers {
  // Users with an upload being made: one at a time each, so that one account cannot fill the queue.
  const making = new Set<number>();

  return {
    make_book: async ({ title, options, file }, caller) => {
      const user = await users.requireUser(caller);
      if (making.has(user.id)) throw tooFrequent();
      making.add(user.id);
      try {
        const fileName = cleanName(file.name);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const fileBytes = bytes.byteLength;
        let made: MadeFile;
        try {
          checkUpload(fileName, bytes);
          // Reading, chaptering and profiling run in a worker, under a deadline and a memory ceiling,
          // and stop when the uploader leaves (book-maker.ts).
          made = await bookMaker.make({ fileName, bytes }, caller.signal);
        } catch (error) {
          if (error instanceof BookFileError) throw refused(error);
          if (error instanceof BookMakerBusy) throw busy();
          throw error;
        }
        if (!made.book.sentenceCount) throw refused(new BookFileError('文件里没有可读取的文字'));
        const book = await bookshelf.addBook(user.id, {
          title: (cleanTitle(title) || cleanTitle(made.title) || titleOfFileName(fileName)).slice(0, 200),
          format: made.format,
          fileName,
          fileBytes,
          readerLevel: options?.level ?? defaultReaderLevel,
          made: made.book,
        });
        return ok(book);
      } finally {
        making.delete(user.id);
      }
    },

    get_book: async ({ book_id, chapter, page, contents_page }, caller) => {
      const user = await users.requireUser(caller);
      return ok(await bookshelf.readBook(user.id, book_id, { chapter, page, contentsPage: contents_page }));
    },

    add_to_bookshelf: async (item, caller) => {
      const user = await users.requireUser(caller);
      if (item.course_book_id && !(item.category && item.filename)) {
        const book = (await courseShelf.catalogue()).book(item.course_book_id);
        if (!book) throw new UpstreamError(404, '404', '访问资源不存在');
        return ok(await bookshelf.addToShelf(user.id, { course_book_id: book.id, title: book.name }));
      }
      return ok(await bookshelf.addToShelf(user.id, item));
    },

    query_bookshelf: async (_input, caller) => {
      const user = await users.requireUser(caller);
      return ok({ items: await bookshelf.shelf(user.id) });
    },

    remove_from_bookshelf: async ({ kind, ref }, caller) => {
      const user = await users.requireUser(caller);
      return ok({ removed: await bookshelf.remove(user.id, kind, ref) });
    },
  };
}
