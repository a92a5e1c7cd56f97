import { openLexicalData } from '../dictionary/engine';
import type { ParserServices } from '../parser/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { warmUpSoon } from '../platform/warm-up';
import { courseHandlers, type CourseHandlersDeps } from './course-calls';
import { createCourseShelf, type CourseShelf } from './course-shelf';
import { createProgressStore, type ProgressStore } from './progress';
import { createReadingQuestions, type ReadingQuestions } from './reading-questions';

export interface CourseServices {
  /** The course books, built from the dictionary's lists and the content library. */
  courseShelf: CourseShelf;
  /** Where each learner is in each unit. */
  courseProgress: ProgressStore;
  /** A reading unit's questions: its paper's own, or the gap-fill made from its text. */
  readingQuestions: ReadingQuestions;
}

/** Course books: word, sentence, reading and reading-question books, progress, frequent words. */
export const coursesModule: UpstreamModule<
  Omit<CourseHandlersDeps, keyof Platform | keyof CourseServices> & Pick<ParserServices, 'sentenceTrees' | 'treesReady'>,
  CourseServices
> = {
  name: 'courses',
  services: {
    courseShelf: ({ db, log }) => createCourseShelf({ db, log }),
    courseProgress: ({ db, now }) => createProgressStore({ db, now }),
    readingQuestions: ({ sentenceTrees, treesReady }) =>
      createReadingQuestions({ sentenceTrees, treesReady, wordnet: () => openLexicalData().wordnet }),
  },
  calls: courseHandlers,
  // The first build reads all of ECDICT's listed words and the library (seconds): a started
  // product does it soon after it listens rather than on a learner's first click. Tests of calls,
  // which seed no library, leave it to the first call.
  start: ({ config, courseShelf, log }) => {
    if (!config.seedContent) return async () => {};
    return warmUpSoon('courses: building the books', () => courseShelf.catalogue(), log);
  },
};
