import { type ExpressionBuilder, sql } from 'kysely';
import { retentionBuckets, type ReviewStats } from '../../lib/contract';
import type { Db } from '../db/database';
import type { Database, ReviewLogTable } from '../db/schema';
import { days, shanghaiDay, stamp } from '../platform/time';
import { knownStability } from './scheduler';

/** A rating still standing: not taken back by an undo (the log keeps both). */
export const notUndone = (eb: ExpressionBuilder<Database & { r: ReviewLogTable }, 'r'>) =>
  eb.not(eb.exists(eb.selectFrom('review_log as u').select(sql.lit(1).as('one')).whereRef('u.undoes', '=', 'r.id')));

/** The learner's days from `from` (a day, YYYY-MM-DD), `count` of them. */
const dayRange = (from: Date, count: number) =>
  Array.from({ length: count }, (_, i) => shanghaiDay(new Date(from.getTime() + days(i))));

/**
 * What /review/stats draws, from the review log and the cards: ratings a day over the last 30
 * days, true retention by the days since a card's last review, the cards by state, the cards
 * falling due over the next 30 days, and the streak.
 */
export async function reviewStats(db: Db, userId: number, at: Date): Promise<ReviewStats> {
  const lastMonth = dayRange(new Date(at.getTime() - days(29)), 30);
  const nextMonth = dayRange(at, 30);
  const ratings = () =>
    db.selectFrom('review_log as r').where('r.user_id', '=', userId).where('r.kind', '=', 'rate').where(notUndone);
  const recalledSum = (eb: ExpressionBuilder<Database & { r: ReviewLogTable }, 'r'>) =>
    eb.fn.sum<number>(eb.case().when('r.rating', '>', 1).then(1).else(0).end()).as('recalled');

  const [perDay, perElapsed, perState, dues, reviewDays] = await Promise.all([
    ratings()
      .where('r.day', '>=', lastMonth[0])
      .select((eb) => ['r.day', eb.fn.countAll<number>().as('reviews'), recalledSum(eb)])
      .groupBy('r.day')
      .execute(),
    // Cards in review only: a card in its learning steps is not yet a memory to measure.
    ratings()
      .where('r.state', '=', 2)
      .select((eb) => ['r.elapsed_days', eb.fn.countAll<number>().as('reviews'), recalledSum(eb)])
      .groupBy('r.elapsed_days')
      .execute(),
    db
      .selectFrom('review_cards')
      .where('user_id', '=', userId)
      .select((eb) => [
        'state',
        eb.fn.countAll<number>().as('cards'),
        eb.fn.sum<number>(eb.case().when('stability', '>=', knownStability).then(1).else(0).end()).as('known'),
      ])
      .groupBy('state')
      .execute(),
    db
      .selectFrom('review_cards')
      .select('due')
      .where('user_id', '=', userId)
      .where('state', '<>', 0)
      .where('due', '<', stamp(at, days(31)))
      .execute(),
    ratings().select('r.day').distinct().orderBy('r.day', 'desc').limit(1_000).execute(),
  ]);

  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const retention = retentionBuckets.map(([from, to]) => {
    const within = perElapsed.filter((e) => e.elapsed_days >= from && e.elapsed_days <= to);
    return {
      from,
      to,
      reviews: within.reduce((n, e) => n + Number(e.reviews), 0),
      recalled: within.reduce((n, e) => n + Number(e.recalled ?? 0), 0),
    };
  });
  const states = { new: 0, learning: 0, review: 0, relearning: 0, known: 0 };
  const names = ['new', 'learning', 'review', 'relearning'] as const;
  for (const row of perState) {
    const name = names[row.state];
    if (name) states[name] += Number(row.cards);
    states.known += Number(row.known ?? 0);
  }
  const dueOn = new Map<string, number>();
  for (const { due } of dues) {
    // What is overdue falls due today.
    const day = due < stamp(at) ? nextMonth[0] : shanghaiDay(new Date(due));
    dueOn.set(day, (dueOn.get(day) ?? 0) + 1);
  }
  return {
    days: lastMonth.map((day) => ({
      day,
      reviews: Number(byDay.get(day)?.reviews ?? 0),
      recalled: Number(byDay.get(day)?.recalled ?? 0),
    })),
    retention,
    states,
    forecast: nextMonth.map((day) => ({ day, due: dueOn.get(day) ?? 0 })),
    streak: streakOf(
      reviewDays.map((d) => d.day),
      at,
    ),
  };
}

/** Days in a row with a review, ending today, or yesterday while today has none yet. */
export function streakOf(reviewDays: readonly string[], at: Date): number {
  const have = new Set(reviewDays);
  let day = new Date(at);
  if (!have.has(shanghaiDay(day))) day = new Date(day.getTime() - days(1));
  let streak = 0;
  while (have.has(shanghaiDay(day))) {
    streak++;
    day = new Date(day.getTime() - days(1));
  }
  return streak;
}
