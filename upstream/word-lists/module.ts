import type { Platform, UpstreamModule } from '../platform/module';
import type { ReviewServices } from '../review/module';
import { createNamedWordLists, type NamedWordLists } from './named-lists';
import { createWordBook, type WordBook } from './word-book';
import { wordListHandlers, type WordListHandlersDeps } from './word-list-calls';

export interface WordListServices {
  /** The lookup history, the word list and the thumbs; the dictionary records lookups in it. */
  wordBook: WordBook;
  /** The user's named word lists. */
  namedLists: NamedWordLists;
}

/** A logged-in user's words: lookup history, 生词/熟词 marks, feedback on meanings. */
export const wordListsModule: UpstreamModule<
  Omit<WordListHandlersDeps, keyof Platform | keyof WordListServices> & ReviewServices,
  WordListServices
> = {
  name: 'word-lists',
  services: {
    wordBook: ({ db, now, deck }) => createWordBook({ db, now, cards: deck }),
    namedLists: ({ db, now }) => createNamedWordLists({ db, now }),
  },
  calls: wordListHandlers,
};
