import type { Platform, UpstreamModule } from '../platform/module';
import { createWordBook, type WordBook } from './word-book';
import { wordListCalls, type WordListCallsDeps } from './word-list-calls';

export interface WordListServices {
  /** The lookup history, the word list and the thumbs; the dictionary records lookups in it. */
  wordBook: WordBook;
}

/** A logged-in user's words: lookup history, 生词/熟词 marks, feedback on meanings. */
export const wordListsModule: UpstreamModule<
  Omit<WordListCallsDeps, keyof Platform | keyof WordListServices>,
  WordListServices
> = {
  name: 'word-lists',
  services: {
    wordBook: ({ db, now }) => createWordBook({ db, now }),
  },
  calls: wordListCalls,
};
