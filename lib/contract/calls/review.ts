import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';

/**
 * The learning loop: cards per sense, each reviewed in the sentences the learner met it in and
 * scheduled by FSRS (ts-fsrs). Yujing's own calls, beside the spec's section 7.
 */

/** The four answers to a card, as FSRS grades them: 重来, 困难, 良好, 简单 (keys 1–4). */
export const reviewRatings = [
  { rating: 1, label: '重来' },
  { rating: 2, label: '困难' },
  { rating: 3, label: '良好' },
  { rating: 4, label: '简单' },
] as const;
export type ReviewRating = (typeof reviewRatings)[number]['rating'];
const rating = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** Where a card's sentence was met. */
export const reviewSentenceSources = ['lookup', 'reading', 'course', 'list'] as const;
export type ReviewSentenceSource = (typeof reviewSentenceSources)[number];

/**
 * The screens (query_word's `from`) whose lookups are met while reading: the four article pages
 * (lib/routes/article-routes' articlePages) and a book's reader. Course units look up from 'course'.
 */
const readingScreens: ReadonlySet<string> = new Set(['Article', 'NewsArticle', 'ShortStoryArticle', 'readingArticle', 'myBook']);

/** Where a sentence looked up on the screen `from` was met: reading, a course unit, or the dictionary. */
export const sentenceSourceOf = (from: string | undefined): ReviewSentenceSource =>
  from === 'course' ? 'course' : from && readingScreens.has(from) ? 'reading' : 'lookup';

/** A sentence a card's sense was met in: the word between its context. */
export const reviewSentence = obj({
  pre_context: str,
  word: str,
  post_context: str,
  source: z.enum(reviewSentenceSources),
  /** The screen it was met on (query_word's `from`), '' when not known. */
  from: str,
});
export type ReviewSentence = z.infer<typeof reviewSentence>;

export const cardStates = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof cardStates)[number];

/** A card as the review screen shows it. */
export const reviewCard = obj({
  card_id: num,
  lemma: str,
  /** The lemma, or the fixed expression the sense belongs to ("give up"). */
  headword: str,
  pos: str,
  sense_en: str,
  sense_zh: str,
  exams: z.array(str),
  state: z.enum(cardStates),
  /** The card's number of reviews: sent back with the rating, so that a stale screen cannot rate it twice. */
  reps: num,
  lapses: num,
  due: str,
  /** Every sentence it was met in, oldest first; `front` is the one to ask with this time. */
  sentences: z.array(reviewSentence).min(1),
  front: num,
});
export type ReviewCard = z.infer<typeof reviewCard>;

/** What one rating would do: when the card would be due again. */
export const ratingOutcome = obj({ rating, due: str, interval_ms: num });
export type RatingOutcome = z.infer<typeof ratingOutcome>;

/** Where the learner's reviews stand now. */
export const reviewCounts = obj({
  /** Cards due now (learning and review), beside the new ones. */
  due: num,
  /** New cards still to be shown today (the daily limit minus those begun today, at most those there are). */
  new_left: num,
  reviewed_today: num,
  /** All the learner's cards. */
  total: num,
});
export type ReviewCounts = z.infer<typeof reviewCounts>;

/** The intervals true retention is counted over, in days since the card's last review: [from, to]. */
export const retentionBuckets = [
  [1, 1],
  [2, 3],
  [4, 7],
  [8, 14],
  [15, 30],
  [31, 90],
  [91, 36_500],
] as const;

/** What /review/stats draws. Days are the learner's (Shanghai), `YYYY-MM-DD`. */
export const reviewStats = obj({
  /** The last 30 days, oldest first: ratings given (undone ones left out) and how many recalled the word. */
  days: z.array(obj({ day: str, reviews: num, recalled: num })),
  /** True retention of cards in review, by the days since their last review (retentionBuckets). */
  retention: z.array(obj({ from: num, to: num, reviews: num, recalled: num })),
  /** The cards by state, and those known (stability past 21 days). */
  states: obj({ new: num, learning: num, review: num, relearning: num, known: num }),
  /** The next 30 days, today first: cards falling due that day (today counts those overdue). */
  forecast: z.array(obj({ day: str, due: num })),
  /** Days in a row with a review, up to today (or yesterday, while today has none yet). */
  streak: num,
});
export type ReviewStats = z.infer<typeof reviewStats>;

/** A learner's review settings, with their defaults. */
export const reviewSettingsLimits = {
  retention: { min: 0.7, max: 0.97, default: 0.9 },
  newPerDay: { min: 0, max: 200, default: 20 },
} as const;
export const reviewSettings = obj({
  desired_retention: num.min(reviewSettingsLimits.retention.min).max(reviewSettingsLimits.retention.max),
  new_per_day: num.int().min(reviewSettingsLimits.newPerDay.min).max(reviewSettingsLimits.newPerDay.max),
});
export type ReviewSettings = z.infer<typeof reviewSettings>;

/** Reviews a learner's log must hold before FSRS is fitted to it (Anki's optimizer asks as many). */
export const reviewsBeforeFit = 400;

/** Which memory model schedules the learner's cards: FSRS-6's default weights, or their own. */
export const reviewMemory = obj({
  weights: z.enum(['default', 'fitted']),
  /** Reviews in the learner's log (undone ones left out). */
  reviews: num,
  /** Reviews the last fit read (0: never fitted), and when. */
  fitted_reviews: num,
  fitted_at: str.nullable(),
  /** Whether this server can fit weights at all (the optimizer's binary loads here). */
  optimizer: z.boolean(),
});
export type ReviewMemory = z.infer<typeof reviewMemory>;

/** The files the cards export to. */
export const reviewExportFormats = ['apkg', 'csv'] as const;

const cardId = num.int().min(1).max(2_147_483_647);
/** The client's key of one rating (a random id): the same rating sent twice counts once. */
const reviewId = str.regex(/^[A-Za-z0-9_-]{8,64}$/, '评分编号不正确');

export const reviewCalls = {
  /**
   * The next card to review (null when nothing is due and no new card is left for today), what
   * each rating would do to it, and the counts. `exclude`: cards the screen has just shown.
   */
  review_next: def('review_next', {
    request: obj({ exclude: z.array(cardId).max(100).optional() }),
    response: envelope(
      obj({
        card: reviewCard.nullable(),
        options: z.array(ratingOutcome),
        counts: reviewCounts,
        /** When the next card falls due, once nothing is due now. */
        next_due: str.nullable(),
      }),
    ),
  }),
  /**
   * Rates a card. `reps` is the card's as it was shown: a card rated meanwhile elsewhere answers
   * `stale` and is left alone; the same `review_id` again answers what the first one did.
   */
  review_rate: def('review_rate', {
    request: obj({ card_id: cardId, rating, review_id: reviewId, reps: num.int().min(0) }),
    response: envelope(obj({ card_id: num, due: str, state: z.enum(cardStates), stale: z.boolean(), counts: reviewCounts })),
  }),
  /** Takes back a rating while it is still the card's latest; the log keeps both. */
  review_undo: def('review_undo', {
    request: obj({ review_id: reviewId }),
    response: envelope(obj({ card_id: num, counts: reviewCounts })),
  }),
  /**
   * The learner's card of a lemma waiting for review (the sense shown first when it has one), for
   * the word panel to offer 记得 / 忘了 when the word is met while reading; null when none waits.
   */
  review_waiting: def('review_waiting', {
    request: obj({ lemma: str.trim().min(1).max(200), sense_id: str.min(1).max(200).optional() }),
    response: envelope(
      obj({
        card: obj({ card_id: num, reps: num, headword: str, sense_zh: str, state: z.enum(cardStates) }).nullable(),
      }),
    ),
  }),
  /** The learner's statistics: reviews a day, true retention, cards by state, the forecast, the streak. */
  review_stats: def('review_stats', { method: 'GET', request: obj({}), response: envelope(reviewStats) }),
  /** The counts alone: the menu's number of cards due. */
  review_counts: def('review_counts', { method: 'GET', request: obj({}), response: envelope(reviewCounts) }),
  /**
   * The learner's cards as a file, one per sense: an Anki package (`apkg`: a cloze note per card
   * with its sentence, sense and source, and the word's UK and US sound unless `audio=0`) or CSV
   * for Excel (UTF-8 with a byte-order mark). Bytes, `Content-Disposition: attachment`.
   */
  export_review: def('export_review', {
    method: 'GET',
    kind: 'binary',
    // Synthesizing the sound of thousands of words is work on the learner's behalf.
    spends: true,
    request: obj({ format: z.enum(reviewExportFormats), audio: z.enum(['0', '1']).optional() }),
  }),
  /** The learner's review settings; with fields, changes them first. */
  review_settings: def('review_settings', {
    request: reviewSettings.partial(),
    response: envelope(reviewSettings.extend({ memory: reviewMemory })),
  }),
} as const;
