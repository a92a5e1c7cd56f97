import { openLexicalData } from '../dictionary/engine';
import type { ExpertInstructionServices } from '../expert-instructions/module';
import type { ParserServices } from '../parser/module';
import type { PassageServices } from '../passage/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { type WriterHandlersDeps, writerHandlers } from './writer-calls';
import { createWriterChecker, type WriterChecker } from './writer-checks';
import { createWriterDrafts, type WriterDrafts } from './writer-drafts';
import { englishSpelling } from './writer-spelling';

export interface WriterServices {
  /** The writer's offline checks (spelling, the parser's grammar checks, the profile). */
  writerChecker: WriterChecker;
  /** The learners' drafts in the writer. */
  writerDrafts: WriterDrafts;
}

/** The writer: an essay's offline checks, the model's review, the learner's drafts. */
export const writerModule: UpstreamModule<
  Omit<WriterHandlersDeps, keyof Platform | keyof WriterServices> & ParserServices & PassageServices & ExpertInstructionServices,
  WriterServices
> = {
  name: 'writer',
  services: {
    writerChecker: ({ sentenceParser }) =>
      createWriterChecker({
        ecdict: { get: (word) => openLexicalData().ecdict.get(word) },
        spelling: { correct: (w) => englishSpelling().correct(w), suggest: (w) => englishSpelling().suggest(w) },
        parse: sentenceParser && ((sentence) => sentenceParser.parse(sentence)),
      }),
    writerDrafts: ({ db, now }) => createWriterDrafts({ db, now }),
  },
  calls: writerHandlers,
};
