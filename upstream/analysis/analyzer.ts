import type { TreeParser } from '../language/pipeline';
import { approximateStructure } from './fallback';
import { structureOfTree } from './structure-ud';
import type { GrammarCatalogue, SentenceAnalysis, SentenceAnalyzer } from './types';

export interface AnalyzerOptions {
  /** The trained tagger and parser, or null when their model files cannot be read. */
  trees: TreeParser | null;
  catalogue: GrammarCatalogue;
  log?: (line: string) => void;
}

/**
 * Sentence analysis: the structure read from the sentence's dependency tree, and the grammar
 * points in it. When the models cannot be read, or parsing a sentence fails, the approximate
 * fallback answers, and says so in `engine`.
 */
export function createSentenceAnalyzer({ trees, catalogue, log = () => {} }: AnalyzerOptions): SentenceAnalyzer {
  const approximate = (sentence: string): SentenceAnalysis => {
    const structure = approximateStructure(sentence);
    return {
      ...structure,
      engine: 'approximate',
      grammarPoints: catalogue.detect({ ...structure, sentence, tree: null }),
    };
  };
  return {
    engine: trees ? 'treebank' : 'approximate',
    async analyze(sentence) {
      if (!trees) return approximate(sentence);
      try {
        const tree = trees.parse(sentence);
        const structure = structureOfTree(tree);
        if (structure.words.length === 0) return approximate(sentence);
        return {
          ...structure,
          engine: 'treebank',
          grammarPoints: catalogue.detect({ ...structure, sentence, tree }),
        };
      } catch (error) {
        log(`analysis: ${(error as Error).message}; answering approximately`);
        return approximate(sentence);
      }
    },
    close() {},
  };
}
