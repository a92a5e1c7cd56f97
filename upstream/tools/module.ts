import { openLexicalData } from '../dictionary/engine';
import type { Platform, UpstreamModule } from '../platform/module';
import { createExpertInstructions, type ExpertInstructions } from './expert-instructions';
import { imageCalls } from './image-calls';
import { createOcrPool, type OcrPool } from './ocr';
import { createPassageReader, type PassageReader } from './passage';
import { type ToolCallsDeps, toolCalls } from './tool-calls';

export interface ToolServices {
  /** Passage parsing over the dictionary's word data. */
  passageReader: PassageReader;
  /** The experts' instructions to the model, per scene and versioned; the prompts read the current ones. */
  expertInstructions: ExpertInstructions;
  /** The OCR workers behind parse_image: made on the first photo, reused, ended when the upstream closes. */
  ocrPool: OcrPool;
}

/** The tools: passage and photo parsing and the experts' instructions (the writer to come). */
export const toolsModule: UpstreamModule<Omit<ToolCallsDeps, keyof Platform | keyof ToolServices>, ToolServices> = {
  name: 'tools',
  services: {
    // The word data opens on the first passage, shared with the dictionary engine.
    passageReader: () => createPassageReader(() => openLexicalData()),
    expertInstructions: ({ db, now }) => createExpertInstructions({ db, now }),
    ocrPool: ({ log }) => createOcrPool({ log }),
  },
  calls: (deps) => ({ ...toolCalls(deps), ...imageCalls({ ...deps, lexicalData: () => openLexicalData() }) }),
  start:
    ({ ocrPool }) =>
    () =>
      ocrPool.close(),
};
