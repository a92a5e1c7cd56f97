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

const flag = z.enum(['0', '1']);

/** How a printable sheet is set: with the example sentences, with the Chinese (1, the default) or without. */
const sheetOptions = { examples: flag.optional(), chinese: flag.optional() };

/**
 * What a printable word sheet (/pdf) is made of, as query parameters. The 生词本 or 熟词本 is
 * served today. A course unit and a personal book's unknown words are the next sources: their
 * parameters are fixed here so that the screen and the upstream can add them without a new call;
 * until a source's loader is written, the upstream refuses it with a clear message.
 */
export const wordSheetSource = z.discriminatedUnion('source', [
  obj({ source: z.literal('word_list'), strange: flag, ...sheetOptions }),
  obj({ source: z.literal('course_unit'), course_id: str.min(1).max(64), unit_id: str.min(1).max(64), ...sheetOptions }),
  obj({ source: z.literal('book'), book_id: str.min(1).max(64), ...sheetOptions }),
]);
export type WordSheetSource = z.infer<typeof wordSheetSource>;
export type WordSheetSourceKind = WordSheetSource['source'];

/** The most words one sheet holds (the newest first); a longer list says so on its first page. */
export const WORD_SHEET_MAX_WORDS = 2_000;

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
  /**
   * A word list as a printable A4 PDF (bytes, `Content-Disposition: attachment`): each word with
   * its UK and US IPA, its Chinese per part of speech and, when asked, its example sentence.
   * Not a call of the spec's section 7: Yujing's own, behind the /pdf screen.
   */
  export_pdf: def('export_pdf', { method: 'GET', kind: 'binary', request: wordSheetSource }),
  query_word_list_name_info: def('query_word_list_name_info', {}),
  add_word_list: def('add_word_list', {}),
  add_multi_word_list: def('add_multi_word_list', {}),
} as const;
