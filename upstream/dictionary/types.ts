import type { TranslationItem } from '../../lib/contract';
import type { UdWord } from '../language/ud';
import type { Parse } from '../parser/link-grammar';
import type { ContextSentence } from './tagger';

/** A word in its sentence, as query_word receives it. */
export interface LookupInput {
  /** Text before the target word (may hold earlier sentences; the engine uses its last sentence). */
  pre_context: string;
  /** Text after the target word. */
  post_context: string;
  target_word: string;
}

/** A word as a printed word list shows it: without context, its IPA and its Chinese per part of speech. */
export interface Headword {
  lemma: string;
  /** British and American IPA, without slashes. */
  uk?: string;
  us?: string;
  /** ECDICT's Chinese, one line per part of speech (`n.` → `银行；河岸`), in its order. */
  senses: { pos: string | null; zh: string }[];
  /** ECDICT's exam tags of the word (`cet4`, `ielts`…), easiest first. */
  exams?: string[];
}

/**
 * The dictionary engine: ECDICT + WordNet 3.1 + CMU + our word-formation table, ranking senses
 * in context. Synchronous and pure over read-only data; counts (w_c, s_c) and library examples
 * are added by the service around it, so the engine answers w_c = 0 and s_c = 0.
 */
export interface DictionaryEngine {
  /**
   * One item per lemma the surface form can be in this sentence, the best fitting first, each
   * with its glosses best first. A word nobody knows answers one item with one gloss whose
   * sense.second contains WORD_NOT_FOUND. `key` is the lemma (the service makes it specific).
   * With the parse of `sentenceOf(input)` (or of the piece of it around the target, parser/
   * clause.ts, its `from` saying where the piece starts), the target's role decides its part of
   * speech, its object and which expressions it is part of, and each item says the role. With
   * the trained parser's words of the same sentence (`tree`), the sense model chooses among the
   * senses (sense-choice.ts); without them WordNet's order stands.
   */
  lookup(input: LookupInput, parse?: Parse, tree?: readonly UdWord[]): TranslationItem[];
  /**
   * The sentence the engine reads the target in (the last sentence of pre_context, the target,
   * the first of post_context): what the caller parses and hands to lookup.
   */
  sentenceOf(input: LookupInput): ContextSentence;
  /**
   * The WordNet sense key `lemma` surely has for the target in its sentence (the sense model's
   * answer, with the trained parser's words of the sentence), without the rest of an answer (no
   * Link Grammar parse, expressions, Chinese): cheap enough to read library examples. Undefined
   * where the reading is not sure.
   */
  senseOf(input: LookupInput, lemma: string, tree?: readonly UdWord[]): string | undefined;
  /** The lemma and all its inflected forms, lower case (for counting occurrences). */
  formsOf(lemma: string): string[];
  /** The word's headword card (no ranking, no parse: cheap enough for a list of thousands); undefined when unknown. */
  headword(word: string): Headword | undefined;
  /** The lemmas a surface form can be, most likely first, without context (for annotation). */
  lemmasOf(word: string): string[];
  /**
   * The headwords a word the dictionary does not know may be a misspelling of ("recieve" →
   * receive), nearest and commonest first (spelling.ts); empty for what is not one word.
   */
  spellingSuggestions(word: string): string[];
}
