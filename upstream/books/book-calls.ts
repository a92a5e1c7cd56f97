import { defaultReaderLevel } from '../../lib/contract';
import type { Users } from '../account/users';
import { sharedEcdictLexicon, type Lexicon } from '../content/profile';
import type { CallHandlers } from '../platform/contract-routes';
import { ok, UpstreamError } from '../platform/http';
import { makeBook } from './book';
import type { CourseShelf } from '../courses/course-shelf';
import type { Bookshelf } from './bookshelf';
import { BookFileError, extractBook } from './extract';

export interface BookCallsDeps {
  users: Pick<Users, 'requireUser'>;
  bookshelf: Bookshelf;
  /** The course books, so that only a real one goes on a shelf, under its own name. */
  courseShelf: Pick<CourseShelf, 'catalogue'>;
  /** Word facts for the book's profile (default: ECDICT's). */
  lexicon?: Lexicon;
}

const refused = (error: BookFileError) => new UpstreamError(error.httpStatus, String(error.httpStatus), error.message);

// A file name as the shelf shows it: its last path segment, without control characters.
const cleanName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'book';

/** Book making, personal books and the bookshelf: logged-in users only (401 otherwise). */
export function bookCalls({ users, bookshelf, courseShelf, lexicon }: BookCallsDeps): CallHandlers {
  return {
    make_book: async ({ title, options, file }, caller) => {
      const user = await users.requireUser(caller);
      const fileName = cleanName(file.name);
      const bytes = new Uint8Array(await file.arrayBuffer());
      let extracted: Awaited<ReturnType<typeof extractBook>>;
      try {
        extracted = await extractBook(fileName, bytes);
      } catch (error) {
        if (error instanceof BookFileError) throw refused(error);
        throw error;
      }
      const made = makeBook(extracted, lexicon ?? sharedEcdictLexicon());
      if (!made.sentenceCount) throw refused(new BookFileError('文件里没有可读取的文字'));
      const book = await bookshelf.addBook(user.id, {
        title: (title || extracted.title || fileName.replace(/\.[^.]+$/, '')).slice(0, 200),
        format: extracted.format,
        fileName,
        fileBytes: bytes.byteLength,
        readerLevel: options?.level ?? defaultReaderLevel,
        made,
      });
      return ok(book);
    },

    get_book: async ({ book_id, chapter }, caller) => {
      const user = await users.requireUser(caller);
      return ok(await bookshelf.readBook(user.id, book_id, chapter));
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
