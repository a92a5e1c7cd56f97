import { tokenize } from '../word-lookup';

/** The longest sentence analyze_sentence takes (lib/contract: analysis). */
export const MAX_SENTENCE_LENGTH = 1_000;

/**
 * What the learner typed, made ready to analyse (spec section 5: analysis is skipped when the
 * word split yields nothing): white space folded, and null when there is no word in it at all.
 */
export function sentenceToAnalyse(input: string): string | null {
  const sentence = input.replace(/\s+/gu, ' ').trim().slice(0, MAX_SENTENCE_LENGTH);
  return tokenize(sentence).some((t) => t.isWord) ? sentence : null;
}
