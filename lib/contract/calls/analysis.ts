import { z } from 'zod';
import { def, num, obj, str, strOrNum } from '../define';
import { envelope } from '../envelope';
import { explanation, pageOf, pagingRequest } from '../shapes';

/** Sentence analysis: the sentence's constituents and clauses, its grammar points, its history. */

/**
 * One node of the analysis tree: a span of the sentence's words [start, end) with its constituent
 * label (主句, 定语从句, 主语, 谓语, 宾语…). The tree is layered: clauses hold the functions
 * inside them, a function may hold the clauses nested in it, and so on.
 */
export interface SpanNode {
  start: number;
  end: number;
  label: string;
  /** Words of the span that mark it rather than belong to its function (that, which, if…). */
  gray?: number[];
  /** The span's head word(s): the subject's noun, the predicate's verb. */
  highlight?: number[];
  children?: SpanNode[];
}

export const spanNode: z.ZodType<SpanNode> = z.lazy(() =>
  obj({
    start: num,
    end: num,
    label: str,
    gray: z.array(num).optional(),
    highlight: z.array(num).optional(),
    children: z.array(spanNode).optional(),
  }),
);

/** A grammar point found in a sentence: its name in the catalogue and the words that carry it. */
export const grammarPointHit = obj({ name: str, start: num, end: num });
export type GrammarPointHit = z.infer<typeof grammarPointHit>;

/**
 * One entry of the offline word-by-word gloss (逐词释义): a content word (its lemma) or an
 * expression the dictionary recognises ("give up"), with the Chinese of its sense in the sentence;
 * `alternative` where the dictionary is unsure between its two best senses.
 */
export const glossEntry = obj({ text: str, gloss: str, alternative: str.optional() });
export type GlossEntry = z.infer<typeof glossEntry>;

/** `data.analysis_result.answer` of analyze_sentence (spec section 3, "Analysis result"). */
export const analysisAnswer = obj({
  /**
   * The model's translation, or offline the word-by-word gloss (逐词释义) as one line; empty when
   * no word of the sentence has a sense the dictionary can gloss.
   */
  translation: str,
  /** Which of the two `translation` is: the UI labels a gloss as such. */
  translation_source: z.enum(['model', 'gloss']),
  /** The gloss's entries, word → Chinese, when `translation_source` is 'gloss'. */
  gloss_entries: z.array(glossEntry).optional(),
  spans: obj({ words: z.array(str), spans: z.array(spanNode) }),
  /** Names of the grammar points in the sentence (the grammar list, the explain drawer). */
  labels_needed_to_explain: z.array(str),
  grammar_points: z.array(grammarPointHit),
  /** 'treebank' (the parser trained on UD English EWT), or 'approximate' when its models could not be read and the fallback answered. */
  engine: z.enum(['treebank', 'approximate']),
});
export type AnalysisAnswer = z.infer<typeof analysisAnswer>;

/** One entry of the grammar catalogue (get_grammar_objects, /Grammar). */
export const grammarObject = obj({
  /** The standard term of Chinese English teaching: 被动语态, 定语从句… Unique. */
  name: str,
  /** The group it is listed under on /Grammar: 时态, 语态, 从句, 非谓语动词, 特殊句式… */
  category: str,
  /** One line in Chinese. */
  summary: str,
  explanation: explanation,
  examples: z.array(obj({ first: str, second: str.optional() })),
});
export type GrammarObject = z.infer<typeof grammarObject>;

/** The grammar catalogue's points of one category (/Grammar groups get_grammar_objects so). */
export interface GrammarCategory {
  name: string;
  points: GrammarObject[];
}

/** One sentence the user analysed, and its place in their sentence bank. */
export const sentenceEntry = obj({
  sentence: str,
  conversation_id: strOrNum,
  /** 1 in the sentence bank (生句), 0 marked as mastered, null not marked. */
  strange: z.union([z.literal(0), z.literal(1), z.null()]),
  /** Where it was analysed: chatSentence, ContextualDict, course… */
  from: str,
  analysed_at: str,
});
export type SentenceEntry = z.infer<typeof sentenceEntry>;

/** The longest text translate takes: a long sentence, with room to spare. */
export const translateMaxChars = 2_000;

export const analysisCalls = {
  /**
   * A sentence's translation. Sentences only: the screens translate the sentence a word or an
   * analysis is in, and each text goes to the language model whole.
   */
  translate: def('translate', {
    request: obj({ text: str.min(1).max(translateMaxChars, `文本过长：一次最多翻译 ${translateMaxChars} 个字符`) }),
    // source: 'model' when the language model translated; 'gloss' for the offline word-by-word
    // gloss (逐词释义), which the UI labels as such and never passes off as a translation.
    response: envelope(
      obj({
        translation: str,
        source: z.enum(['model', 'gloss']).optional(),
        /** The gloss's entries, word → Chinese, when `source` is 'gloss'. */
        entries: z.array(glossEntry).optional(),
        /** The model's translations left free today after this one; absent when not counted. */
        free_uses_left: z.number().int().min(0).optional(),
      }),
    ),
  }),

  analyze_sentence: def('analyze_sentence', {
    request: obj({ sentence: str.min(1).max(1_000), word_id: strOrNum.optional(), from: str.max(64).optional() }),
    response: envelope(
      obj({
        analysis_result: obj({ answer: analysisAnswer }),
        conversation_id: strOrNum,
        /** The free analyses left today after this one; absent when not counted (a member). */
        free_uses_left: z.number().int().min(0).optional(),
      }),
    ),
  }),
  get_grammar_objects: def('get_grammar_objects', {
    response: envelope(obj({ grammar_objects: z.array(grammarObject) })),
  }),
  get_sentence_history: def('get_sentence_history', {
    request: obj({ ...pagingRequest, strange: z.union([z.literal(0), z.literal(1)]).optional() }),
    response: envelope(pageOf(sentenceEntry)),
  }),
  /** Puts a sentence into the user's sentence bank (1) or marks it mastered (0). */
  set_sentence_strange_status: def('set_sentence_strange_status', {
    request: obj({
      sentence: str.min(1).max(1_000),
      strange: z.union([z.literal(0), z.literal(1)]),
      from: str.max(64).optional(),
    }),
    response: envelope(sentenceEntry),
  }),
} as const;
