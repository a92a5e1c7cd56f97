import type { GrammarObject, GrammarPointHit, SpanNode } from '../../lib/contract';
import type { UdSentence } from '../language/ud';

/*
 * The pieces of sentence analysis and how they meet:
 *   language/pipeline.ts      → the sentence's dependency tree (UD), from the trained models
 *   structure-ud.ts           → words + the layered span tree (clauses → functions → clauses …)
 *   fallback (fallback.ts)    → the same, approximately, when the models cannot be read
 *   grammar/ (catalogue)      → the grammar points the sentence carries, and their explanations
 *   analyzer.ts               → puts them together for the calls
 */

/** 'treebank' (the trained parser), or 'approximate' when the fallback answered (the models unreadable). */
export type AnalysisEngine = 'treebank' | 'approximate';

/**
 * A sentence's structure: its words and the layered span tree over them, spans [start, end) in
 * word positions. From a parse, `words[i]` is `parse.words[i + 1]` (LEFT-WALL dropped, and
 * RIGHT-WALL when present), without its dictionary subscript.
 */
export interface SentenceStructure {
  words: string[];
  spans: SpanNode[];
}

/**
 * What a grammar-point detector reads. The detectors read `tree` (the trained parser's UD tree,
 * whose words joinClitics joins into `words`); without it, the words alone.
 */
export interface DetectorInput extends SentenceStructure {
  sentence: string;
  tree: UdSentence | null;
}

export interface SentenceAnalysis extends SentenceStructure {
  engine: AnalysisEngine;
  /** The grammar points found, each once per place, in sentence order. */
  grammarPoints: GrammarPointHit[];
}

export interface SentenceAnalyzer {
  /** What answers when nothing goes wrong: the trained parser when its models load. */
  readonly engine: AnalysisEngine;
  analyze(sentence: string): Promise<SentenceAnalysis>;
  close(): void;
}

/** The grammar catalogue (≥ 40 points, in Chinese) and its detectors. */
export interface GrammarCatalogue {
  readonly points: readonly GrammarObject[];
  byName(name: string): GrammarObject | undefined;
  detect(input: DetectorInput): GrammarPointHit[];
}
