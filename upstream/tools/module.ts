import { openLexicalData } from '../dictionary/engine';
import type { ParserServices } from '../parser/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { createExpertInstructions, type ExpertInstructions } from './expert-instructions';
import { type ImageCallsDeps, imageCalls } from './image-calls';
import { createOcrPool, type OcrPool } from './ocr';
import { createPassageReader, type PassageReader } from './passage';
import { type ToolCallsDeps, toolCalls } from './tool-calls';
import { type WriterCallsDeps, writerCalls } from './writer-calls';
import { createWriterChecker, type WriterChecker } from './writer-checks';
import { createWriterDrafts, type WriterDrafts } from './writer-drafts';
import { englishSpelling } from './writer-spelling';

export interface ToolServices {
  /** Passage parsing over the dictionary's word data. */
  passageReader: PassageReader;
  /** The experts' instructions to the model, per scene and versioned; the prompts read the current ones. */
  expertInstructions: ExpertInstructions;
  /** The OCR workers behind parse_image: made on the first photo, reused, ended when the upstream closes. */
  ocrPool: OcrPool;
  /** The writer's offline checks (spelling, the parser's grammar checks, the profile). */
  writerChecker: WriterChecker;
  /** The learners' drafts in the writer. */
  writerDrafts: WriterDrafts;
}

type ToolUses = Omit<ToolCallsDeps & WriterCallsDeps & Omit<ImageCallsDeps, 'lexicalData'>, keyof Platform | keyof ToolServices> &
  ParserServices;

/** The tools: passage and photo parsing, the experts' instructions and the writer. */
export const toolsModule: UpstreamModule<ToolUses, ToolServices> = {
  name: 'tools',
  services: {
    // The word data opens on the first passage, shared with the dictionary engine.
    passageReader: ({ sentenceTrees }) => createPassageReader(() => openLexicalData(), sentenceTrees),
    expertInstructions: ({ db, now }) => createExpertInstructions({ db, now }),
    ocrPool: ({ log }) => createOcrPool({ log }),
    writerChecker: ({ sentenceParser }) =>
      createWriterChecker({
        ecdict: { get: (word) => openLexicalData().ecdict.get(word) },
        spelling: { correct: (w) => englishSpelling().correct(w), suggest: (w) => englishSpelling().suggest(w) },
        parse: sentenceParser && ((sentence) => sentenceParser.parse(sentence)),
      }),
    writerDrafts: ({ db, now }) => createWriterDrafts({ db, now }),
  },
  calls: (deps) => ({
    ...toolCalls(deps),
    ...imageCalls({ ...deps, lexicalData: () => openLexicalData() }),
    ...writerCalls(deps),
  }),
  start:
    ({ ocrPool }) =>
    () =>
      ocrPool.close(),
};
