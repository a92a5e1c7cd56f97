import { type Card, createEmptyCard, fsrs, type FSRS, type Grade, generatorParameters, type State } from 'ts-fsrs';
import { cardStates, type CardState, type RatingOutcome, type ReviewRating } from '../../lib/contract';
import type { ReviewCardsTable } from '../db/schema';

/*
 * FSRS through ts-fsrs (FSRS-6): the card as the database keeps it and as ts-fsrs reads it, and a
 * scheduler per desired retention and weights (the defaults, or a learner's own: memory.ts).
 */

/** The memory state of a card: the columns of review_cards that FSRS reads and writes. */
export type MemoryColumns = Pick<
  ReviewCardsTable,
  'state' | 'due' | 'stability' | 'difficulty' | 'scheduled_days' | 'learning_steps' | 'reps' | 'lapses' | 'last_review'
>;

const dayMs = 86_400_000;

export function toFsrsCard(row: MemoryColumns, now: Date): Card {
  const lastReview = row.last_review ? new Date(row.last_review) : undefined;
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    // Deprecated in ts-fsrs 5 (it counts from last_review) but still part of its Card.
    elapsed_days: lastReview ? Math.max(0, Math.floor((now.getTime() - lastReview.getTime()) / dayMs)) : 0,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: lastReview,
  };
}

export function toColumns(card: Card): MemoryColumns {
  return {
    state: card.state,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** A card never reviewed, due at once. */
export const newCardColumns = (now: Date): MemoryColumns => toColumns(createEmptyCard(now));

export const stateName = (state: number): CardState => cardStates[state] ?? 'new';

/** A card whose stability passed 21 days counts as known (issue 33). */
export const knownStability = 21;

/** Schedulers by desired retention and weights, the most recently used kept. */
const schedulers = new Map<string, FSRS>();
const schedulersKept = 1000;
export function schedulerFor(desiredRetention: number, weights: readonly number[] | null = null): FSRS {
  const key = `${desiredRetention}|${weights?.join(',') ?? ''}`;
  let scheduler = schedulers.get(key);
  if (scheduler) {
    schedulers.delete(key);
  } else {
    // Fuzz spreads cards learnt together over neighbouring days instead of one heavy day.
    scheduler = fsrs(
      generatorParameters({ request_retention: desiredRetention, enable_fuzz: true, ...(weights ? { w: [...weights] } : {}) }),
    );
    if (schedulers.size >= schedulersKept) schedulers.delete(schedulers.keys().next().value as string);
  }
  schedulers.set(key, scheduler);
  return scheduler;
}

/** What each rating would do to the card now. */
export function outcomes(scheduler: FSRS, row: MemoryColumns, now: Date): RatingOutcome[] {
  const preview = scheduler.repeat(toFsrsCard(row, now), now);
  return ([1, 2, 3, 4] as const).map((rating) => {
    const due = preview[rating as Grade].card.due;
    return { rating, due: due.toISOString(), interval_ms: Math.max(0, due.getTime() - now.getTime()) };
  });
}

/** The card after one rating. */
export function rated(scheduler: FSRS, row: MemoryColumns, rating: ReviewRating, now: Date) {
  const { card } = scheduler.next(toFsrsCard(row, now), now, rating as Grade);
  return toColumns(card);
}
