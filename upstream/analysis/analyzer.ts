import { approximateStructure } from './fallback';
import { type LinkGrammar, ParserTimeout, ParserUnavailable } from './link-grammar';
import { structureOf } from './structure';
import type { GrammarCatalogue, SentenceAnalysis, SentenceAnalyzer } from './types';

export interface AnalyzerOptions {
  /** The Link Grammar worker, or null when link-parser is not installed. */
  parser: LinkGrammar | null;
  catalogue: GrammarCatalogue;
  log?: (line: string) => void;
}

/**
 * Sentence analysis: the parser's structure and the grammar points in it. When the parser is not
 * installed, or stalls on a sentence (its worker is then restarted for the next one), the
 * approximate fallback answers, and says so in `engine`. A full queue (ParserBusy) is passed on.
 */
export function createSentenceAnalyzer({ parser, catalogue, log = () => {} }: AnalyzerOptions): SentenceAnalyzer {
  const approximate = (sentence: string): SentenceAnalysis => {
    const structure = approximateStructure(sentence);
    return {
      ...structure,
      engine: 'approximate',
      grammarPoints: catalogue.detect({ ...structure, sentence, parse: null }),
    };
  };
  return {
    engine: parser ? 'link-grammar' : 'approximate',
    async analyze(sentence) {
      if (!parser) return approximate(sentence);
      try {
        const parse = await parser.parse(sentence);
        const structure = structureOf(parse);
        return {
          ...structure,
          engine: 'link-grammar',
          grammarPoints: catalogue.detect({ ...structure, sentence, parse }),
        };
      } catch (error) {
        if (!(error instanceof ParserTimeout || error instanceof ParserUnavailable)) throw error;
        log(`analysis: ${error.message}; answering approximately`);
        return approximate(sentence);
      }
    },
    close() {
      parser?.close();
    },
  };
}
