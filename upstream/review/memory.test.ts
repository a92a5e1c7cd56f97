import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reviewsBeforeFit } from '../../lib/contract';
import type { Db } from '../db/database';
import { insertTestUser, openTestDatabase, testClock, type TestClock, type TestDatabase } from '../test-harness';
import { days } from '../platform/time';
import { type CardSense, createDeck, type Deck } from './deck';
import { createMemoryFitter, dueForFit, type MemoryFitter, ratingHistories } from './memory';

describe('rating histories', () => {
  it('are each card’s ratings with the days between them, cards rated once left out', () => {
    const histories = ratingHistories([
      { card_id: 1, rating: 3, day: '2026-03-01' },
      { card_id: 1, rating: 1, day: '2026-03-01' },
      { card_id: 1, rating: 3, day: '2026-03-04' },
      { card_id: 2, rating: 4, day: '2026-03-02' },
      { card_id: 3, rating: 2, day: '2026-02-27' },
      { card_id: 3, rating: 3, day: '2026-03-02' },
    ]);
    expect(histories).toEqual([
      [
        [3, 0],
        [1, 0],
        [3, 3],
      ],
      [
        [2, 0],
        [3, 3],
      ],
    ]);
  });

  it('are looked at on a learner’s first rating in a process, then every 50th', async () => {
    const looked: number[] = [];
    const fitter = createMemoryFitter({
      db: {} as Db,
      settings: {
        read: async (userId) => {
          looked.push(userId);
          throw new Error('not needed');
        },
        keepFit: async () => false,
      },
      log: () => {},
    });
    for (let i = 0; i < 120; i++) {
      fitter.afterRating(7);
      await fitter.idle();
    }
    fitter.afterRating(8);
    await fitter.idle();
    expect(looked).toEqual([7, 7, 7, 8]);
  });

  it('are fitted first at 400 reviews, then again once the log grew by a quarter', () => {
    expect(dueForFit(reviewsBeforeFit - 1, 0)).toBe(false);
    expect(dueForFit(reviewsBeforeFit, 0)).toBe(true);
    expect(dueForFit(499, 400)).toBe(false);
    expect(dueForFit(500, 400)).toBe(true);
  });
});

/** A park-bench PRNG: the simulated learner answers the same way on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16_807) % 2_147_483_647;
    return s / 2_147_483_647;
  };
}

describe('fitting FSRS to a learner', () => {
  let testDb: TestDatabase;
  let db: Db;
  let clock: TestClock;
  let deck: Deck;
  let fitter: MemoryFitter;
  let reader: number;
  const lines: string[] = [];

  beforeEach(async () => {
    testDb = await openTestDatabase();
    db = testDb.db;
    clock = testClock();
    deck = createDeck({ db, now: clock.now });
    fitter = createMemoryFitter({ db, settings: deck.settings, log: (line) => lines.push(line), checkEvery: 1 });
    reader = (await insertTestUser(db, clock.now(), '10000001')).id;
  });
  afterEach(async () => {
    await fitter.stop();
    await testDb.remove();
  });

  const sense = (i: number): CardSense => ({
    lemma: `word${i}`,
    sense_id: `word${i}%1:00:00::`,
    word: `word${i}`,
    headword: `word${i}`,
    pos: 'n.',
    sense_en: `the ${i}th thing`,
    sense_zh: `第${i}物`,
  });

  /**
   * A learner who forgets four times faster than FSRS-6's defaults expect: a card is recalled
   * with the probability the forgetting curve gives a quarter of its stability.
   */
  async function reviewForDays(count: number, cards: number) {
    const chance = random(7);
    for (let i = 0; i < cards; i++) await deck.addCard(reader, sense(i), 'mark', []);
    await deck.settings.change(reader, { new_per_day: 10 });
    let key = 0;
    for (let day = 0; day < count; day++) {
      for (;;) {
        const { card } = await deck.next(reader);
        if (!card) break;
        const row = await db
          .selectFrom('review_cards')
          .select(['stability', 'last_review'])
          .where('id', '=', card.card_id)
          .executeTakeFirstOrThrow();
        const elapsed = row.last_review ? (clock.now().getTime() - Date.parse(row.last_review)) / days(1) : 0;
        const recall = elapsed < 0.5 ? 1 : (1 + elapsed / (9 * (Number(row.stability) / 4))) ** -0.5;
        const rating = chance() < recall ? 3 : 1;
        await deck.rate(reader, { card_id: card.card_id, rating, review_id: `sim-${++key}`, reps: card.reps });
        clock.advance(60_000);
      }
      clock.advance(days(1));
    }
  }

  it('keeps the defaults below 400 reviews, then fits the learner’s own weights and schedules with them', async () => {
    await reviewForDays(3, 40);
    fitter.afterRating(reader);
    await fitter.idle();
    expect(await fitter.memory(reader)).toMatchObject({ weights: 'default', fitted_reviews: 0, optimizer: true });

    await reviewForDays(60, 40);
    const before = await fitter.memory(reader);
    expect(before.reviews).toBeGreaterThanOrEqual(reviewsBeforeFit);

    // Replaying each card's log under the weights it was rated with gives back what it holds.
    const memoryNow = () =>
      db
        .selectFrom('review_cards')
        .select(['id', 'stability', 'difficulty', 'due'])
        .where('state', '<>', 0)
        .orderBy('id')
        .execute();
    const held = await memoryNow();
    expect(await fitter.recomputeMemory(reader, null, 0.9)).toBe(held.length);
    const replayed = await memoryNow();
    for (const [i, card] of held.entries()) {
      expect(Number(replayed[i].stability)).toBeCloseTo(Number(card.stability), 6);
      expect(Number(replayed[i].difficulty)).toBeCloseTo(Number(card.difficulty), 6);
    }

    // A new card's first 简单 under the defaults, then under the learner's own weights.
    const fresh = await deck.addCard(reader, sense(1000), 'mark', []);
    await deck.settings.change(reader, { new_per_day: 200 });
    const others = (await db.selectFrom('review_cards').select('id').where('id', '<>', fresh.card_id).execute()).map((c) => c.id);
    const easyFirst = async () => {
      const { card, options } = await deck.next(reader, others);
      expect(card?.lemma).toBe('word1000');
      return options[3].interval_ms;
    };
    const byDefault = await easyFirst();

    fitter.afterRating(reader);
    await fitter.idle();
    expect(lines).toEqual([]);
    const after = await fitter.memory(reader);
    expect(after).toMatchObject({ weights: 'fitted', fitted_reviews: before.reviews, optimizer: true });
    expect(after.fitted_at).toBe(clock.now().toISOString());
    const kept = await db
      .selectFrom('review_settings')
      .select(['weights', 'fitted_loss', 'default_loss', 'desired_retention', 'new_per_day'])
      .where('user_id', '=', reader)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kept.weights ?? '[]')).toHaveLength(21);
    expect(Number(kept.fitted_loss)).toBeLessThan(Number(kept.default_loss));
    // The learner's own choices stay as they were.
    expect(kept).toMatchObject({ new_per_day: 200 });
    // This learner forgets faster than the defaults assume: their cards come back sooner, and
    // the cards they have are remembered under the new weights as less stable, their dates kept.
    expect(await easyFirst()).toBeLessThan(byDefault);
    const refitted = await memoryNow();
    expect(refitted.map((c) => c.due)).toEqual(held.map((c) => c.due));
    const meanStability = (cards: typeof held) => cards.reduce((sum, c) => sum + Number(c.stability), 0) / cards.length;
    expect(meanStability(refitted)).toBeLessThan(meanStability(held));

    // Not fitted again until the log has grown by a quarter; a fit of a shorter log never wins.
    fitter.afterRating(reader);
    await fitter.idle();
    expect((await fitter.memory(reader)).fitted_at).toBe(after.fitted_at);
    expect(
      await deck.settings.keepFit(reader, { weights: null, fitted_reviews: 10, fitted_loss: null, default_loss: null }),
    ).toBe(false);
    expect((await fitter.memory(reader)).weights).toBe('fitted');
    // Some five hundred ratings through the deck: on PostgreSQL, a while.
  }, 120_000);
});
