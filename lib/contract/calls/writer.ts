import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';

/*
 * The writer (写作助手): the learner's own English text (an exam essay, an e-mail) checked offline
 * — spelling, sentences the parser cannot link, agreement and articles, repeated words, sentence
 * length, the exam-word profile — and, with a language model configured, reviewed by it in a
 * stream (a review, a corrected version and an estimated band, labelled as the model's). Drafts
 * are kept for logged-in learners.
 */

export const writerLimits = {
  /** About 2,500 words: longer than any exam essay or e-mail. */
  maxChars: 15_000,
  /** The model's review reads the text from the query string: an essay, not a book. */
  maxReviewChars: 4_000,
  maxTitleChars: 100,
  /** Drafts one learner may keep. */
  maxDrafts: 50,
} as const;

/** What a flag is about. */
export const writerFlagKinds = ['spelling', 'agreement', 'article', 'grammar', 'repeat', 'long_sentence'] as const;
export const writerFlagKind = z.enum(writerFlagKinds);
export type WriterFlagKind = z.infer<typeof writerFlagKind>;

/** One problem found in the text: where it is (UTF-16 offsets into the text as sent) and why. */
export const writerFlag = obj({
  kind: writerFlagKind,
  start: num,
  end: num,
  /** The flagged text, text.slice(start, end). */
  text: str,
  /** The explanation in Chinese. */
  message: str,
  /** What to write instead, when there is one clear fix ("goes", "a car", "receive"). */
  suggestions: z.array(str),
});
export type WriterFlag = z.infer<typeof writerFlag>;

/** How many running words of the text are at each word level (中考 … beyond every exam). */
export const writerLevelCount = obj({ level: num, label: str, exam: str, count: num });

export const writerProfile = obj({
  word_count: num,
  sentence_count: num,
  /** Words per sentence, one decimal. */
  average_sentence_words: num,
  longest_sentence_words: num,
  /** Distinct lemmas (names and numbers left out). */
  distinct_words: num,
  /** The text's vocabulary level, 1 (中考) to 5 (考研/雅思), by the library's rule. */
  level: num,
  level_exam: str,
  levels: z.array(writerLevelCount),
  /** The text's words beyond CET-4 (level 4 and up), distinct lemmas, first use first. */
  advanced_words: z.array(obj({ lemma: str, level: num })),
  /** Content words used more often than an essay should (a thesaurus would help). */
  overused_words: z.array(obj({ lemma: str, count: num })),
});
export type WriterProfile = z.infer<typeof writerProfile>;

export const writerCheck = obj({
  flags: z.array(writerFlag),
  profile: writerProfile,
  /**
   * Whether the grammar checks ran (the Link Grammar parser is installed and answered); when
   * false, `grammar_note` says why, and spelling, repetition, length and the profile still came.
   */
  grammar_checked: z.boolean(),
  grammar_note: str.optional(),
  /** Whether a language model is configured for the review (writer_review). */
  model_available: z.boolean(),
});
export type WriterCheck = z.infer<typeof writerCheck>;

const writerText = str
  .max(writerLimits.maxChars, `文本过长：一次最多 ${writerLimits.maxChars} 个字符`)
  .refine((text) => text.trim() !== '', '请先输入要检查的英文');

/** A saved draft, without its text (the list). */
export const writerDraftSummary = obj({
  id: num,
  title: str,
  word_count: num,
  updated_at: str,
});
export type WriterDraftSummary = z.infer<typeof writerDraftSummary>;

export const writerDraft = obj({
  id: num,
  title: str,
  text: str,
  word_count: num,
  created_at: str,
  updated_at: str,
});
export type WriterDraft = z.infer<typeof writerDraft>;

// ---- the event stream of writer_review ----------------------------------------------------------

/** The parts of the model's review, in the order it writes them. */
export const writerReviewSections = ['review', 'corrected', 'band'] as const;
export type WriterReviewSection = (typeof writerReviewSections)[number];

/**
 * One message of writer_review: a piece of one section of the model's text, in order; the last
 * message says `completed`. A refusal (no model, a failing model) comes as status/description.
 */
export const writerReviewPiece = obj({ section: z.enum(writerReviewSections), content: str });
export const writerReviewDone = obj({ completed: z.literal(true), model: str });
export const writerReviewRefusal = obj({ status: z.union([str, num]), description: str });
export const writerReviewEvent = z.union([writerReviewPiece, writerReviewDone, writerReviewRefusal]);
export type WriterReviewEvent = z.infer<typeof writerReviewEvent>;

/** One message of writer_review, read. */
export type WriterReviewMessage =
  | { type: 'piece'; section: WriterReviewSection; content: string }
  | { type: 'done'; model: string }
  | { type: 'refusal'; status: string; description: string }
  /** Not a message of this stream (not JSON, or another shape): skipped. */
  | { type: 'other' };

/** Reads the data of one writer_review message. */
export function parseWriterReviewData(data: string): WriterReviewMessage {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { type: 'other' };
  }
  const piece = writerReviewPiece.safeParse(json);
  if (piece.success) return { type: 'piece', section: piece.data.section, content: piece.data.content };
  const done = writerReviewDone.safeParse(json);
  if (done.success) return { type: 'done', model: done.data.model };
  const refusal = writerReviewRefusal.safeParse(json);
  if (refusal.success) return { type: 'refusal', status: String(refusal.data.status), description: refusal.data.description };
  return { type: 'other' };
}

export const writerCalls = {
  /** The offline checks of a text. Open to everyone, not counted against the free uses. */
  writer_chat: def('writer_chat', {
    request: obj({ text: writerText }),
    response: envelope(writerCheck),
  }),
  /**
   * The language model's review of a text, streamed: a review in Chinese, a corrected version,
   * an estimated band for the exam named (or a general one). Only with a model configured.
   */
  writer_review: def('writer_review', {
    method: 'GET',
    kind: 'sse',
    // One of the caller's daily model reviews.
    spends: true,
    request: obj({
      text: str
        .max(writerLimits.maxReviewChars, `AI 点评一次最多 ${writerLimits.maxReviewChars} 个字符，请分段点评`)
        .refine((text) => text.trim() !== '', '请先输入要点评的英文'),
      exam: z.enum(['cet4', 'cet6', 'ky', 'ielts', 'gk', 'general']).optional(),
    }),
    events: writerReviewEvent,
  }),
  /** The learner's drafts, newest first (logged-in learners). */
  query_writer_drafts: def('query_writer_drafts', {
    request: obj({}),
    response: envelope(obj({ drafts: z.array(writerDraftSummary), limit: num })),
  }),
  get_writer_draft: def('get_writer_draft', {
    request: obj({ id: num.int() }),
    response: envelope(obj({ draft: writerDraft })),
  }),
  /** A new draft (no id) or a new text for one (id). The title defaults to the text's start. */
  save_writer_draft: def('save_writer_draft', {
    request: obj({
      id: num.int().optional(),
      title: str.max(writerLimits.maxTitleChars, `标题最多 ${writerLimits.maxTitleChars} 个字符`).optional(),
      text: writerText,
    }),
    response: envelope(obj({ draft: writerDraftSummary })),
  }),
  delete_writer_draft: def('delete_writer_draft', {
    request: obj({ id: num.int() }),
    response: envelope(obj({ deleted: z.boolean() })),
  }),
} as const;
