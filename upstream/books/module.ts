import { Hono } from 'hono';
import type { Platform, UpstreamModule } from '../platform/module';
import { bookHandlers, type BookHandlersDeps } from './book-calls';
import { type BookMaker, createBookMaker } from './book-maker';
import { createBookshelf, type Bookshelf } from './bookshelf';

export interface BookServices {
  /** Personal books and the shelf. */
  bookshelf: Bookshelf;
  /** The worker threads that read uploads and make them books: made on the first upload, ended when the upstream closes. */
  bookMaker: BookMaker;
}

/** Book making from uploads, personal books and the bookshelf. */
export const booksModule: UpstreamModule<Omit<BookHandlersDeps, keyof Platform | keyof BookServices>, BookServices> = {
  name: 'books',
  services: {
    bookshelf: ({ db, now }) => createBookshelf({ db, now }),
    bookMaker: ({ config, log }) => createBookMaker({ ...config.bookWorkers, log }),
  },
  calls: bookHandlers,
  routes: ({ bookMaker }) => [
    // How many book workers are alive, running and waiting: the tests watch a cancelled upload's worker end.
    { path: '/__test/books', app: new Hono().get('/workers', (c) => c.json(bookMaker.stats())), testOnly: true },
  ],
  start:
    ({ bookMaker }) =>
    () =>
      bookMaker.close(),
};
