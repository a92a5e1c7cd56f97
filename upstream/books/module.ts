import type { Platform, UpstreamModule } from '../platform/module';
import { bookCalls, type BookCallsDeps } from './book-calls';
import { createBookshelf, type Bookshelf } from './bookshelf';

export interface BookServices {
  /** Personal books and the shelf. */
  bookshelf: Bookshelf;
}

/** Book making from uploads, personal books and the bookshelf. */
export const booksModule: UpstreamModule<Omit<BookCallsDeps, keyof Platform | keyof BookServices | 'lexicon'>, BookServices> = {
  name: 'books',
  services: {
    bookshelf: ({ db, now }) => createBookshelf({ db, now }),
  },
  calls: bookCalls,
};
