import type { LanguageModel } from '../chat/llm';
import type { DictionaryEngine } from '../dictionary/types';
import type { Platform, UpstreamModule } from '../platform/module';
import { type AnalysisCallsDeps, analysisCalls } from './analysis-calls';
import { createSentenceAnalyzer } from './analyzer';
import { createGrammarCatalogue } from './grammar/catalogue';
import { createLinkGrammar, type LinkGrammar, linkGrammarInstalled } from './link-grammar';
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

// One parser worker per process, shared by every app in it (the tests start many), like the
// dictionary's engine: it holds a link-parser process with its dictionaries loaded. It lives as
// long as the process; a worker that dies is restarted by the next sentence.
let sharedParser: LinkGrammar | null | undefined;
const parserOfProcess = () => {
  if (sharedParser === undefined) sharedParser = linkGrammarInstalled() ? createLinkGrammar() : null;
  return sharedParser;
};

/** Sentence analysis: analyze_sentence, the grammar catalogue, translation, the sentence history. */
export const analysisModule: UpstreamModule<
  Omit<AnalysisCallsDeps, keyof Platform | keyof AnalysisServices> & { dictionary: DictionaryEngine; llm: LanguageModel | null },
  AnalysisServices
> = {
  name: 'analysis',
  services: {
    grammarCatalogue: () => createGrammarCatalogue(),
    sentenceAnalyzer: ({ grammarCatalogue, log }) => {
      const parser = parserOfProcess();
      if (!parser) log('sentence analysis: link-parser not installed; answers are approximate (the wink-nlp tagger)');
      const analyzer = createSentenceAnalyzer({ parser, catalogue: grammarCatalogue, log });
      // Closing this app must not stop the parser the other apps of the process share.
      return { engine: analyzer.engine, analyze: analyzer.analyze, close: () => {} };
    },
    translator: ({ dictionary, llm, log }) => createTranslator({ dictionary, llm, log }),
    sentenceBank: ({ db, now }) => createSentenceBank({ db, now }),
  },
  calls: analysisCalls,
};
