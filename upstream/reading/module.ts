import type { UpstreamModule } from '../platform/module';
import { readingHandlers } from './reading-calls';
import { createFeedReader, scheduleFeedReading } from './feeds';
import { createContentLibrary, type ContentLibrary } from './library';
import { createReadingShelf, type ReadingShelf } from './reading';

export interface ReadingServices {
  /** Documents and their sentences: examples and exam counts for the dictionary, tasks for annotation. */
  library: ContentLibrary;
  /** The library as the reading screens see it: lists and whole documents. */
  readingShelf: ReadingShelf;
}

/** The content library, its reading calls, and the news feeds read into it. */
export const readingModule: UpstreamModule<object, ReadingServices> = {
  name: 'reading',
  services: {
    library: ({ db, log, now }) => createContentLibrary({ db, log, now }),
    readingShelf: ({ db }) => createReadingShelf({ db }),
  },
  calls: readingHandlers,
  start: ({ config, db, log, now, library }) => {
    const { sources, intervalMinutes } = config.newsFeeds;
    if (!sources.length || intervalMinutes <= 0) return async () => {};
    log(`[feeds] reading ${sources.length} news feed(s) every ${intervalMinutes} min`);
    return scheduleFeedReading(createFeedReader({ db, library, log, now, sources }), intervalMinutes, log);
  },
};
