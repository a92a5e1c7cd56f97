import { z } from 'zod';
import { def, obj, str, strOrNum } from '../define';
import { envelope } from '../envelope';
import { translationItem, type TranslationItem } from '../shapes';

/** The contextual dictionary: a word looked up in its sentence, its feedback, its part of speech. */

/**
 * Spec section 5: a word the dictionary does not know answers one gloss whose sense text holds
 * this phrase; the browser detects not-found by it.
 */
export const WORD_NOT_FOUND = '未找到该单词';

/**
 * Spec section 5: not found when the first sense text holds the not-found phrase. The word panel
 * shows such an answer as not found, and the lookup costs no free use.
 */
export function isWordNotFound(items: readonly TranslationItem[]): boolean {
  const sense = items[0]?.gloss[0]?.sense;
  if (!sense) return items.length === 0 || items[0].gloss.length === 0;
  return sense.first.includes(WORD_NOT_FOUND) || !!sense.second?.includes(WORD_NOT_FOUND);
}

export const dictionaryCalls = {
  query_word: def('query_word', {
    request: obj({
      pre_context: str.max(20_000),
      post_context: str.max(20_000),
      target_word: str.min(1).max(200),
      word_id: strOrNum.optional(),
      from: str.optional(),
    }),
    response: obj({
      status: strOrNum,
      result: z.array(translationItem).optional(),
      description: str.optional(),
      /** The free lookups left today after this one; absent when not counted (a member, a reopened lookup). */
      free_uses_left: z.number().int().min(0).optional(),
      /**
       * For a word the dictionary does not know (a not-found answer): the headwords it may be a
       * misspelling of, the likeliest first (你要找的是不是…). Absent otherwise, or when none is near.
       */
      suggestions: z.array(str).optional(),
    }),
  }),
  query: def('query', {}),
  user_feedback: def('user_feedback', {
    request: obj({ key: str.min(1).max(512), feedback_type: z.union([z.literal(0), z.literal(1)]) }),
  }),
  explain_pos: def('explain_pos', {
    request: obj({ pos: str.min(1).max(64) }),
    response: envelope(obj({ pos: str, name: str, explanation: str })),
  }),
} as const;
