import { openLexicalData } from '../dictionary/engine';
import type { ParserServices } from '../parser/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { createPassageReader, type PassageReader } from './passage';
import { type PassageHandlersDeps, passageHandlers } from './passage-calls';

export interface PassageServices {
  /** Passage parsing over the dictionary's word data; the photo reader and the writer read it too. */
  passageReader: PassageReader;
}

/** Passage parsing (parse_text): sentences, tokens, levels, expressions and the learner's marks. */
export const passageModule: UpstreamModule<
  Omit<PassageHandlersDeps, keyof Platform | keyof PassageServices> & ParserServices,
  PassageServices
> = {
  name: 'passage',
  services: {
    // The word data opens on the first passage, shared with the dictionary engine.
    passageReader: ({ sentenceTrees }) => createPassageReader(() => openLexicalData(), sentenceTrees),
  },
  calls: passageHandlers,
};
