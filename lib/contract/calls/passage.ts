import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';
import { parseTextLimits } from '../passage-limits';

/** Passage parsing: a whole text's sentences, tokens, levels, expressions and the learner's marks. */

/** Bounds of passage parsing: a passage of a few thousand words, not a book (a screen cuts a book into pieces). */
export { parseTextLimits };

/**
 * One token of a parsed passage. Offsets are into the text as sent (UTF-16 code units), so a
 * screen can mark the passage it shows without re-splitting it.
 */
export const passageToken = obj({
  text: str,
  start: num,
  end: num,
  /** A word or a number; false for punctuation and symbols (which carry nothing else). */
  is_word: z.boolean(),
  /** The dictionary form in this context ("ran" → run, "leaves" as a noun → leaf). Words only. */
  lemma: str.optional(),
  /** The Universal part-of-speech tag in context: NOUN, VERB, ADJ, ADV, ADP, PRON, DET, PROPN, PUNCT… */
  pos: str,
  /** The Chinese dictionary's label for that part of speech (n. v. adj. adv. prep. …), when it has one. */
  pos_label: str.optional(),
  /** The lemma's exam tags, as ECDICT gives them: zk gk cet4 cet6 ky ielts toefl gre. Words only. */
  exams: z.array(str).optional(),
  /**
   * The lemma's frequency band by its corpus rank (COCA, else BNC): 1 within the 1,000 commonest
   * words, 2 within 2,500, 3 within 4,500, 4 within 7,000, 5 within 12,000, 6 rarer. Absent when
   * the rank is unknown (names, numbers, words the dictionary lacks).
   */
  band: num.optional(),
  /**
   * The word level (1–6) the reading screens and the library use: the lower of the easiest exam
   * that lists the lemma (中考 1, 高考 2, CET-4 3, CET-6 4, 考研/IELTS/TOEFL 5) and its band; 6 is
   * beyond every exam. Absent for words the dictionary does not know and for names.
   */
  level: num.optional(),
  /**
   * A logged-in learner's own mark on the lemma: 'strange' for 生词, 'familiar' for 熟词; absent
   * when the word is not marked (or nobody is logged in).
   */
  mark: z.enum(['strange', 'familiar']).optional(),
  /**
   * Where a logged-in learner stands with the lemma's review cards: 'due' when one waits for
   * review, 'known' when one's memory has passed 21 days of stability, else 'learning'; absent
   * when the lemma has no card (or nobody is logged in). 熟词 and 'known' words count as known.
   */
  review: z.enum(['due', 'known', 'learning']).optional(),
});
export type PassageToken = z.infer<typeof passageToken>;

/** One sentence of a parsed passage, as the shared sentence splitter (lib/text/sentences.ts) cuts it. */
export const passageSentence = obj({
  text: str,
  start: num,
  end: num,
  tokens: z.array(passageToken),
});
export type PassageSentence = z.infer<typeof passageSentence>;

/** A multi-word expression found in the passage ("look forward to", "in spite of", "took … off"). */
export const passagePhrase = obj({
  /** The dictionary form: "take off" for "took his coat off". */
  phrase: str,
  /** The sentence it is in (index into sentences). */
  sentence: num,
  /** The tokens it is made of (indices into that sentence's tokens), in order; may skip an object. */
  tokens: z.array(num),
  /** Offsets in the passage, from its first token's start to its last token's end. */
  start: num,
  end: num,
  /** The expression's Chinese, from ECDICT, when it has some. */
  zh: str.optional(),
});
export type PassagePhrase = z.infer<typeof passagePhrase>;

export const parsedPassage = obj({
  sentences: z.array(passageSentence),
  /** Words and numbers, punctuation not counted. */
  word_count: num,
  /** The expressions found, in passage order; empty when they were withheld (see below). */
  phrases: z.array(passagePhrase),
  /**
   * Why phrases were not recognised, or null when they were. Recognising phrases is a member's
   * feature (the entitlements table): for other callers the answer says so, and the screen offers
   * membership instead of showing no phrases as if there were none.
   */
  phrases_withheld: obj({ reason: z.literal('vip_only'), description: str }).nullable(),
  /** Whether the tokens' 生词/熟词 marks were read: true for a logged-in learner. */
  marks_included: z.boolean(),
});
export type ParsedPassage = z.infer<typeof parsedPassage>;

export const passageCalls = {
  /**
   * A whole passage at once: sentences, tokens with lemma, part of speech in context, exam tags,
   * frequency band and level, the expressions in it (members), and a logged-in learner's marks.
   * Open to everyone and not counted against the free uses.
   */
  parse_text: def('parse_text', {
    request: obj({
      text: str
        .max(parseTextLimits.maxChars, `文本过长：一次最多 ${parseTextLimits.maxChars} 个字符，请分段解析`)
        .refine((text) => text.trim() !== '', '请输入要解析的英文文本'),
    }),
    response: envelope(parsedPassage),
  }),
} as const;
