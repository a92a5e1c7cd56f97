import type { Generated } from 'kysely';

/*
 * The tables of the learning loop (022_review), beside schema.ts, which lists them in its
 * Database: cards per sense with their FSRS state, the sentences they were met in, the review
 * log and the settings. (A visitor's lookups waiting for their login are in schema.ts, beside
 * the lookups they become.)
 */

/** One sense of one lemma that a learner keeps, with its FSRS memory state (022_review). */
export interface ReviewCardsTable {
  id: Generated<number>;
  user_id: number;
  lemma: string;
  sense_id: string;
  word: string;
  /** The lemma, or the fixed expression the sense belongs to ("give up"). */
  headword: string;
  pos: string;
  sense_en: string;
  sense_zh: string;
  /** ECDICT's exam tags, space-separated. */
  exams: string;
  origin: string;
  created_at: string;
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | null;
}

/** A sentence a card's sense was met in. */
export interface ReviewSentencesTable {
  id: Generated<number>;
  card_id: number;
  pre_context: string;
  word: string;
  post_context: string;
  source: string;
  from_screen: string;
  digest: string;
  created_at: string;
}

/** The append-only review log: ratings, and undoings of them. */
export interface ReviewLogTable {
  id: Generated<number>;
  user_id: number;
  card_id: number;
  review_id: string;
  kind: 'rate' | 'undo';
  undoes: number | null;
  rating: number;
  state: number;
  elapsed_days: number;
  scheduled_days: number;
  before: string;
  after: string;
  reviewed_at: string;
  day: string;
}

export interface ReviewSettingsTable {
  user_id: number;
  desired_retention: number;
  new_per_day: number;
  updated_at: string;
  /** The learner's own FSRS weights as a JSON array; null: FSRS-6's defaults (023_review_memory). */
  weights: string | null;
  /** The reviews the last fit read; 0 before any. */
  fitted_reviews: Generated<number>;
  fitted_at: string | null;
  /** Log loss on the learner's log of the fitted weights and of the defaults, at the last fit. */
  fitted_loss: number | null;
  default_loss: number | null;
}
