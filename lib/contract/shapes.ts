import { z } from 'zod';
import { num, obj, str } from './define';

/**
 * Shapes that more than one feature sends or reads (spec section 3). A shape that only one
 * feature uses lives in that feature's file under `calls/`.
 */

/** An English text with its Chinese, or the reverse: senses, examples. */
export const pair = obj({ first: str, second: str.optional() });

/** One sense of a word: what the dictionary answers and what annotators choose between. */
export const gloss = obj({
  phonetic_symbol: obj({ first: str.optional(), second: str.optional() }).optional(),
  pos: obj({ name: str, label: str }).optional(),
  simple_sense: str.optional(),
  s_c: num.optional(),
  sense: obj({ first: str, second: str.optional() }),
  sense_id: z.union([str, num, z.null()]).optional(),
  phrase_title: str.optional(),
  /**
   * Beside the spec: 'close', this sense fits about as well as the first (both are possible);
   * 'phrase', the words may form this expression here, but the sentence does not clearly use it so.
   */
  maybe: z.enum(['close', 'phrase']).optional(),
  src: str.optional(),
  examples: z.array(pair).optional(),
  parts: z.unknown().optional(),
});
export type Gloss = z.infer<typeof gloss>;

/** One lemma of a looked-up word with its senses (the dictionary's answer, item by item). */
export const translationItem = obj({
  lemma: str,
  key: str.optional(),
  w_c: num.optional(),
  variants: z.array(obj({ name: str, value: str })).optional(),
  etymology: z.array(obj({ word: str, etymology: str })).optional(),
  synonyms: z.array(obj({ word: str, etymology: str })).optional(),
  /** Beside the spec: the word's role in its sentence, from the parse ("作谓语，及物，宾语是 the proposal"). */
  role: str.optional(),
  gloss: z.array(gloss),
});
export type TranslationItem = z.infer<typeof translationItem>;

/**
 * An explanation (spec section 3): a title and its entries (headings, markdown, plain text). The
 * tutor's replies and the grammar catalogue both answer in this shape; the explain drawer shows
 * one tab per title. The chat round id is the count of system replies.
 */
export const explanation = obj({
  explanation: obj({
    title: str,
    content: z.array(obj({ text_type: z.enum(['h1', 'h2', 'h3', 'h4', 'md', 'plain']), text: str })),
  }),
  evaluate: num.optional(),
  roundId: num.optional(),
});
export type Explanation = z.infer<typeof explanation>;
export type ExplanationEntry = Explanation['explanation']['content'][number];

/** The request fields of a paged list: pages count from 1, newest first. */
export const pagingRequest = {
  page: num.int().min(1).max(100_000).optional(),
  page_size: num.int().min(1).max(100).optional(),
};

/** One page of a paged list. */
export const pageOf = <T extends z.ZodType>(item: T) => obj({ items: z.array(item), total: num, page: num, page_size: num });
/** One page of a paged list, as its readers hold it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
