import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';
import { pageOf, pagingRequest } from '../shapes';

/** The user's words: the lookup history, 生词 and 熟词 marks, named word lists. */

/** One word of the user's word list (spec: /Words): its latest lookup and its familiarity. */
export const wordListEntry = obj({
  word: str,
  lemma: str,
  /** 1 unfamiliar (生词), 0 familiar (熟词), null not marked yet. */
  strange: z.union([z.literal(0), z.literal(1), z.null()]),
  from: str,
  sentence: str,
  lookups: num,
  updated_at: str,
});
export type WordListEntry = z.infer<typeof wordListEntry>;

/** One lookup of the user's history: the word in its sentence. */
export const lookupEntry = obj({
  id: num,
  target_word: str,
  lemma: str,
  pre_context: str,
  post_context: str,
  from: str,
  created_at: str,
});
export type LookupEntry = z.infer<typeof lookupEntry>;

export const wordListsCalls = {
  query_history: def('query_history', {
    request: obj({
      ...pagingRequest,
      strange: z.union([z.literal(0), z.literal(1)]).optional(),
      from: str.max(64).optional(),
    }),
    response: envelope(pageOf(wordListEntry)),
  }),
  query_text_history: def('query_text_history', {
    request: obj(pagingRequest),
    response: envelope(pageOf(lookupEntry)),
  }),
  set_strange_status: def('set_strange_status', {
    request: obj({
      word: str.min(1).max(200),
      lemma: str.min(1).max(200).optional(),
      strange: z.union([z.literal(0), z.literal(1)]),
      from: str.max(64).optional(),
      sentence: str.max(20_000).optional(),
    }),
    response: envelope(wordListEntry),
  }),
  query_word_list_name_info: def('query_word_list_name_info', {}),
  add_word_list: def('add_word_list', {}),
  add_multi_word_list: def('add_multi_word_list', {}),
} as const;
