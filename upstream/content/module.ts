import type { UpstreamModule } from '../platform/module';
import { contentCalls } from './content-calls';
import { createContentLibrary, type ContentLibrary } from './library';
import { createReadingShelf, type ReadingShelf } from './reading';

export interface ContentServices {
  /** Documents and their sentences: examples and exam counts for the dictionary, tasks for annotation. */
  library: ContentLibrary;
  /** The library as the reading screens see it: lists and whole documents. */
  readingShelf: ReadingShelf;
}

/** The content library and its reading calls. */
export const contentModule: UpstreamModule<object, ContentServices> = {
  name: 'content',
  services: {
    library: ({ db, log, now }) => createContentLibrary({ db, log, now }),
    readingShelf: ({ db }) => createReadingShelf({ db }),
  },
  calls: contentCalls,
};
