import { approximateStructure } from './fallback';
import { type LinkGrammar, ParserNoLinkage, ParserTimeout, ParserUnavailable } from '../parser/link-grammar';
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
 * installed, stalls on a sentence (its worker is then restarted for the next one) or finds no
 * structure in it (over its word limit), the approximate fallback answers, and says so in `engine`. A full queue (ParserBusy) is passed on.
 */
export function createSentenceAnalyzer({ parser, catalogue, log = () => {} }: AnalyzerOptions): SentenceAnalyzer {
  const approximate = (sentence: string): SentenceAnalysis => {
    const structure = approximateStructure(sentence);
    return {
      ...structure,
      engine: 'approximate',
      grammarPoints: catalogue.detect({ ...structure, sentence, parse: null, tree: null }),
    };
  };
  return {
    engine: parser ? 'link-grammar' : 'approximate',
    async analyze(sentence) {
      if (!parser) return approximate(sentence);
      try {
        const parse = await parser.parse(sentence);
        const structure = structureOf(parse);
        structure.words = inOriginalCase(structure.words, sentence);
        return {
          ...structure,
          engine: 'link-grammar',
          grammarPoints: catalogue.detect({ ...structure, sentence, parse, tree: null }),
        };
      } catch (error) {
        if (!(error instanceof ParserTimeout || error instanceof ParserUnavailable || error instanceof ParserNoLinkage)) {
          throw error;
        }
        log(`analysis: ${error.message}; answering approximately`);
        return approximate(sentence);
      }
    },
    close() {
      parser?.close();
    },
  };
}

/**
 * The parser answers a capitalised first word in lower case ("The" → "the"); the learner should
 * see the sentence as written. Each word takes the spelling of the same letters at its place in the
 * sentence, when they are there; a word the parser changed otherwise stays as it is.
 */
export function inOriginalCase(words: string[], sentence: string): string[] {
  const lower = sentence.toLowerCase();
  let at = 0;
  return words.map((word) => {
    const found = lower.indexOf(word.toLowerCase(), at);
    // Only the text right after the previous word (spaces apart) is the same place.
    if (found < 0 || sentence.slice(at, found).trim() !== '') return word;
    at = found + word.length;
    return sentence.slice(found, at);
  });
}
