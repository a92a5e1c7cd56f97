import type { DictionaryEngine } from '../dictionary/types';
import type { Platform, UpstreamModule } from '../platform/module';
import { type AnalysisHandlersDeps, analysisHandlers } from './analysis-calls';
import { createSentenceAnalyzer } from './analyzer';
import { createGrammarCatalogue } from './grammar/catalogue';
import type { ParserServices } from '../parser/module';
import { createSentenceBank, type SentenceBank } from './sentence-bank';
import { createTranslator, type Translator } from './translation';
import type { GrammarCatalogue, SentenceAnalyzer } from './types';

export interface AnalysisServices {
  /** The parser's structure and the grammar points of a sentence. Tests may hand in their own. */
  sentenceAnalyzer: SentenceAnalyzer;
  /** The grammar points with their detectors and explanations. Tests may hand in their own. */
  grammarCatalogue: GrammarCatalogue;
  /** The model's translation, or the word-by-word gloss. */
  translator: Translator;
  /** The user's analysed sentences and sentence bank. */
  sentenceBank: SentenceBank;
}

/** Sentence analysis: analyze_sentence, the grammar catalogue, translation, the sentence history. */
export const analysisModule: UpstreamModule<
  Omit<AnalysisHandlersDeps, keyof Platform | keyof AnalysisServices> & ParserServices & { dictionary: DictionaryEngine },
  AnalysisServices
> = {
  name: 'analysis',
  services: {
    grammarCatalogue: () => createGrammarCatalogue(),
    sentenceAnalyzer: ({ grammarCatalogue, sentenceTrees, log }) =>
      createSentenceAnalyzer({ trees: sentenceTrees, catalogue: grammarCatalogue, log }),
    // Offline, the gloss reads each word as query_word does: the parse and the tree, and the sense
    // model once the dictionary has read it (a started product reads it soon after it listens; the
    // gloss does not make a process read tens of MB for itself).
    translator: ({ dictionary, llm, sentenceParser, sentenceTrees, treesReady, log }) =>
      createTranslator({ dictionary, llm, sentenceParser, sentenceTrees, modelsReady: treesReady, log }),
    sentenceBank: ({ db, now }) => createSentenceBank({ db, now }),
  },
  calls: analysisHandlers,
};
