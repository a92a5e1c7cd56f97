import { z } from 'zod';
import { courseBookCategories } from '../categories';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';

/**
 * The vocabulary assessment (/assessment): an adaptive yes/no test with pseudo-words, then a few
 * meaning checks. The upstream chooses every word and keeps the answers; the client holds only the
 * session id and sees one item at a time, so a score cannot be made up by the client.
 */

/** A session id: 43 characters of base64url (32 random bytes). */
const sessionId = str.regex(/^[A-Za-z0-9_-]{43}$/, '测试编号无效');

/** The item to answer now. `step` is its number, sent back with the answer. */
export const assessmentItem = obj({
  step: num,
  /** 'yes_no': 认识/不认识 (some words are not English at all); 'meaning': choose the Chinese sense. */
  kind: z.enum(['yes_no', 'meaning']),
  word: str,
  /** Meaning checks only: the Chinese options, one of them right. */
  options: z.array(str).optional(),
});
export type AssessmentItem = z.infer<typeof assessmentItem>;

export const assessmentProgress = obj({
  answered: num,
  /** Items of the whole test (48 yes/no, then up to 6 checks). */
  total: num,
  phase: z.enum(['yes_no', 'meaning', 'done']),
  /** Whether finish_assessment would give a result now (enough answers). */
  can_finish: z.boolean(),
});
export type AssessmentProgress = z.infer<typeof assessmentProgress>;

export const assessmentLevel = obj({
  exam: str,
  /** 中考, 高考, 大学英语四级… */
  label: str,
  /** The course category whose word book is the exam's list, or null (托福, GRE: no book). */
  category: z.enum(courseBookCategories).nullable(),
  /** The vocabulary size that covers 80 % of the list (commonest lemmas first). */
  threshold: num,
  /** The expected share of the list's words the learner knows (0–1). */
  coverage: num,
  reached: z.boolean(),
});
export type AssessmentLevel = z.infer<typeof assessmentLevel>;

export const assessmentResult = obj({
  /** Estimated lemmas known (of ECDICT's ~28,000 COCA-ranked lemmas), and its 10–90 % interval. */
  size: num,
  low: num,
  high: num,
  /** The hardest exam level reached, or null below the first. */
  level: obj({ exam: str, label: str }).nullable(),
  levels: z.array(assessmentLevel),
  recommendations: z.array(
    obj({
      category: z.enum(courseBookCategories),
      book_id: str,
      name: str,
      items: num,
      reason: str,
    }),
  ),
  answers: obj({
    words: obj({ asked: num, yes: num }),
    pseudo: obj({ asked: num, yes: num }),
    meaning: obj({ asked: num, correct: num }),
  }),
  /** The estimated rate of 认识 to unknown words (from the pseudo-words and the checks). */
  guess_rate: num,
  /** What the meaning checks did to the yes/no estimate. */
  meaning_effect: z.enum(['confirmed', 'lowered', 'none']),
  /** The estimate from the yes/no answers alone. */
  yes_no_size: num,
  /** False when the learner quit before the end (a wider interval). */
  complete: z.boolean(),
  finished_at: str,
  /** Whether the result is kept on a logged-in learner's profile. */
  kept: z.boolean(),
});
export type AssessmentResult = z.infer<typeof assessmentResult>;

/** One past result, for the history. */
export const assessmentHistoryItem = obj({
  size: num,
  low: num,
  high: num,
  level_label: str.nullable(),
  finished_at: str,
});
export type AssessmentHistoryItem = z.infer<typeof assessmentHistoryItem>;

const answerValue = z.union([z.boolean(), num.int().min(0).max(9), z.null()]);

export const assessmentCalls = {
  /** A new test: its session id and first item. Open to visitors. */
  start_assessment: def('start_assessment', {
    request: obj({}),
    response: envelope(obj({ session_id: str, item: assessmentItem, progress: assessmentProgress })),
  }),
  /**
   * The answer to item `step`: true/false for a yes/no item, an option's index or null (不认识) for
   * a meaning check. Answers the next item, or, after the last, null and the result. An answer to
   * another step than the current one is refused (409): a double click does not count twice. A
   * learner's test takes answers from that learner only (404 for anyone else with its id, as
   * finish_assessment); a visitor's from whoever holds its session id.
   */
  answer_assessment: def('answer_assessment', {
    request: obj({ session_id: sessionId, step: num.int().min(0).max(1_000), answer: answerValue }),
    response: envelope(
      obj({ item: assessmentItem.nullable(), progress: assessmentProgress, result: assessmentResult.nullable() }),
    ),
  }),
  /** Ends a test early (after at least 16 answers) and answers its result; a finished test's result again. */
  finish_assessment: def('finish_assessment', {
    request: obj({ session_id: sessionId }),
    response: envelope(obj({ result: assessmentResult })),
  }),
  /**
   * The result of a session (with `session_id`: a logged-in learner who sends a visitor's finished
   * session keeps it on their profile), and a logged-in learner's latest result and history.
   */
  query_assessment: def('query_assessment', {
    request: obj({ session_id: sessionId.optional() }),
    response: envelope(
      obj({ result: assessmentResult.nullable(), history: z.array(assessmentHistoryItem), logged_in: z.boolean() }),
    ),
  }),
} as const;
