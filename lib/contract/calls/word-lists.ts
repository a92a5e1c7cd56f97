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
  /** The sense the word was last met in (a WordNet sense key) and its Chinese, when known. */
  sense_id: str.nullable().optional(),
  sense_zh: str.nullable().optional(),
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
  /** The Chinese of the sense the word was given in that sentence, when it had one. */
  sense_zh: str.optional(),
});
export type LookupEntry = z.infer<typeof lookupEntry>;

/** Bounds on the named word lists. */
export const wordListLimits = { maxName: 40, maxLists: 100, maxWordsPerRequest: 200, maxWordsPerList: 5_000 } as const;

/** A named word list of the user's, beside the 生词/熟词 list. */
export const namedWordList = obj({ list_id: num, name: str, words: num, created_at: str, updated_at: str });
export type NamedWordList = z.infer<typeof namedWordList>;

/** A word of a named list, with the sentence it was met in. */
export const namedListWord = obj({ word: str, lemma: str, sentence: str, added_at: str });
export type NamedListWord = z.infer<typeof namedListWord>;

const listId = num.int().min(1).max(2_147_483_647);
const listName = str.trim().min(1, '请输入词单名称').max(wordListLimits.maxName, `词单名称最长 ${wordListLimits.maxName} 个字符`);
const listWordInput = obj({
  word: str.trim().min(1, '单词不能为空').max(200),
  lemma: str.trim().min(1).max(200).optional(),
  sentence: str.max(20_000).optional(),
  /** From the word panel: the sense shown and the word's context; the sense then becomes a review card. */
  sense_id: str.min(1).max(200).optional(),
  pre_context: str.max(20_000).optional(),
  post_context: str.max(20_000).optional(),
});
const flag = z.enum(['0', '1']);

/** How a printable sheet is set: with the example sentences, with the Chinese (1, the default) or without. */
const sheetOptions = { examples: flag.optional(), chinese: flag.optional() };

/**
 * What a printable word sheet is made of, as query parameters: the 生词本 or 熟词本 (/pdf), one of
 * the learner's named lists (list_id), a word book's unit (course_id `cet4-word`, unit_id `3`: the
 * lesson's 导出 PDF) or a personal book's unknown words (its page). A source without a loader is
 * refused with a clear message.
 */
export const wordSheetSource = z.discriminatedUnion('source', [
  obj({ source: z.literal('word_list'), strange: flag, ...sheetOptions }),
  obj({ source: z.literal('named_list'), list_id: str.regex(/^[1-9]\d{0,9}$/, '词单编号不正确'), ...sheetOptions }),
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
  /**
   * Marks a word 生词 (1) or 熟词 (0). From the word panel the mark names the sense it was shown
   * (`sense_id`, with the word's context): 生词 then makes a review card of that sense in that
   * sentence (`card_id` in the answer), from the answer the learner was given there.
   */
  set_strange_status: def('set_strange_status', {
    request: obj({
      word: str.min(1).max(200),
      lemma: str.min(1).max(200).optional(),
      strange: z.union([z.literal(0), z.literal(1)]),
      from: str.max(64).optional(),
      sentence: str.max(20_000).optional(),
      sense_id: str.min(1).max(200).optional(),
      pre_context: str.max(20_000).optional(),
      post_context: str.max(20_000).optional(),
    }),
    response: envelope(wordListEntry.extend({ card_id: num.optional() })),
  }),
  /**
   * The user's named word lists with their word counts, newest change first; with list_id also
   * that list and one page of its words (the latest added first). 404 for a list not theirs.
   */
  query_word_list_name_info: def('query_word_list_name_info', {
    request: obj({ list_id: listId.optional(), ...pagingRequest }),
    response: envelope(
      obj({ lists: z.array(namedWordList), list: namedWordList.optional(), words: pageOf(namedListWord).optional() }),
    ),
  }),
  /**
   * One change to a named list, as `action` says: create (name), rename (list_id, name), delete
   * (list_id), add_word (list_id, word, lemma?, sentence?), remove_word (list_id, lemma). Answers
   * the list as it is now (null once deleted). Without an action, a name alone makes a list.
   */
  add_word_list: def('add_word_list', {
    request: z.preprocess(
      (input) =>
        input && typeof input === 'object' && !Array.isArray(input) && !('action' in input)
          ? { ...input, action: 'create' }
          : input,
      z.discriminatedUnion('action', [
        obj({ action: z.literal('create'), name: listName }),
        obj({ action: z.literal('rename'), list_id: listId, name: listName }),
        obj({ action: z.literal('delete'), list_id: listId }),
        obj({ action: z.literal('add_word'), list_id: listId, ...listWordInput.shape }),
        obj({ action: z.literal('remove_word'), list_id: listId, lemma: str.trim().min(1).max(200) }),
      ]),
    ),
    response: envelope(obj({ list: namedWordList.nullable() })),
  }),
  /**
   * Many words with their sentences into one list at once: the list by id, or by name (made
   * when the user has none of that name). All or nothing.
   */
  add_multi_word_list: def('add_multi_word_list', {
    request: obj({
      list_id: listId.optional(),
      name: listName.optional(),
      words: z
        .array(listWordInput)
        .min(1, '请至少给出一个单词')
        .max(wordListLimits.maxWordsPerRequest, `一次最多添加 ${wordListLimits.maxWordsPerRequest} 个单词`),
    }).refine((r) => r.list_id !== undefined || r.name !== undefined, '请给出词单 list_id 或名称 name'),
    response: envelope(obj({ list: namedWordList, added: num })),
  }),
  /**
   * A word list as a printable A4 PDF (bytes, `Content-Disposition: attachment`): each word with
   * its UK and US IPA, its Chinese per part of speech and, when asked, its example sentence.
   * Not a call of the spec's section 7: Yujing's own, behind the /pdf screen.
   */
  export_pdf: def('export_pdf', { method: 'GET', kind: 'binary', request: wordSheetSource }),
} as const;
