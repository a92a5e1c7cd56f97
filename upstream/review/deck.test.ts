import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewSentence } from '../../lib/contract';
import type { Db } from '../db/database';
import { insertTestUser, openTestDatabase, testClock, type TestClock, type TestDatabase } from '../test-harness';
import { minutes } from '../platform/time';
import { createWordBook } from '../word-lists/word-book';
import { type CardSense, createDeck, type Deck } from './deck';

const bank: CardSense = {
  lemma: 'bank',
  sense_id: 'bank%1:17:01::',
  word: 'bank',
  headword: 'bank',
  pos: 'n.',
  sense_en: 'sloping land (especially the slope beside a body of water)',
  sense_zh: '河岸',
};
const pitch: CardSense = {
  ...bank,
  lemma: 'pitch',
  sense_id: 'pitch%1:10:00::',
  word: 'pitch',
  headword: 'pitch',
  sense_en: 'promotion by means of an argument',
  sense_zh: '推销',
};
const met = (pre: string, word: string, post: string): ReviewSentence => ({
  pre_context: pre,
  word,
  post_context: post,
  source: 'lookup',
  from: 'ContextualDict',
});
const riverBank = met('We sat on the river ', 'bank', ' all day.');

describe('review deck', () => {
  let testDb: TestDatabase;
  let db: Db;
  let clock: TestClock;
  let deck: Deck;
  let reader: number;
  let other: number;
  let key = 0;
  const reviewId = () => `review-${++key}-${Date.now()}`;

  beforeEach(async () => {
    testDb = await openTestDatabase();
    db = testDb.db;
    clock = testClock();
    deck = createDeck({ db, now: clock.now, examsOf: (lemma) => (lemma === 'bank' ? ['zk', 'gk', 'cet4'] : []) });
    reader = (await insertTestUser(db, clock.now(), '10000001')).id;
    other = (await insertTestUser(db, clock.now(), '10000002')).id;
  });
  afterEach(() => testDb.remove());

  it('makes one card per sense, keeps each sentence once, and shows a new card at once', async () => {
    const made = await deck.addCard(reader, bank, 'mark', [riverBank]);
    expect(made.created).toBe(true);
    const again = await deck.addCard(reader, bank, 'repeat', [riverBank, met('The ', 'banks', ' were steep.')]);
    expect(again).toEqual({ card_id: made.card_id, created: false });

    const { card, options, counts } = await deck.next(reader);
    expect(card).toMatchObject({
      card_id: made.card_id,
      lemma: 'bank',
      sense_zh: '河岸',
      exams: ['zk', 'gk', 'cet4'],
      state: 'new',
      reps: 0,
      front: 0,
    });
    expect(card?.sentences.map((s) => s.word)).toEqual(['bank', 'banks']);
    expect(counts).toEqual({ due: 0, new_left: 1, reviewed_today: 0, total: 1 });
    // Each harder answer brings the card back sooner.
    const intervals = options.map((o) => o.interval_ms);
    expect(options.map((o) => o.rating)).toEqual([1, 2, 3, 4]);
    for (let i = 1; i < 4; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]);
    expect(intervals[0]).toBe(minutes(1));
    expect(intervals[3]).toBeGreaterThanOrEqual(86_400_000);
  });

  it('schedules by the rating, logs it, and shows a card in its steps again before the session ends', async () => {
    const { card_id } = await deck.addCard(reader, bank, 'mark', [riverBank]);
    const good = await deck.rate(reader, { card_id, rating: 3, review_id: reviewId(), reps: 0 });
    expect(good).toMatchObject({ card_id, state: 'learning', stale: false });
    expect(Date.parse(good.due) - clock.now().getTime()).toBe(minutes(10));
    expect(good.counts).toMatchObject({ reviewed_today: 1, new_left: 0, due: 0 });
    // Due in ten minutes, and nothing else to do: it comes back now rather than in ten minutes.
    const soon = await deck.next(reader);
    expect(soon.card).toMatchObject({ card_id, state: 'learning', reps: 1 });

    const easy = await deck.rate(reader, { card_id, rating: 4, review_id: reviewId(), reps: 1 });
    expect(easy.state).toBe('review');
    const done = await deck.next(reader);
    expect(done.card).toBeNull();
    expect(done.next_due).toBe(easy.due);
    const log = await db.selectFrom('review_log').selectAll().orderBy('id').execute();
    expect(log.map((l) => [l.kind, l.rating, l.state])).toEqual([
      ['rate', 3, 0],
      ['rate', 4, 1],
    ]);

    // Once due, it is asked again, with its next sentence.
    await deck.addCard(reader, bank, 'repeat', [met('The ', 'banks', ' were steep.')]);
    clock.set(easy.due);
    const due = await deck.next(reader);
    expect(due.card).toMatchObject({ card_id, state: 'review', reps: 2, front: 0 });
    expect(due.counts.due).toBe(1);
  });

  it('counts a rating sent twice once, and leaves a card rated meanwhile elsewhere alone', async () => {
    const { card_id } = await deck.addCard(reader, bank, 'mark', [riverBank]);
    const id = reviewId();
    const first = await deck.rate(reader, { card_id, rating: 3, review_id: id, reps: 0 });
    const retry = await deck.rate(reader, { card_id, rating: 3, review_id: id, reps: 0 });
    expect(retry).toMatchObject({ stale: false, due: first.due });
    const stale = await deck.rate(reader, { card_id, rating: 1, review_id: reviewId(), reps: 0 });
    expect(stale).toMatchObject({ stale: true, due: first.due, state: 'learning' });
    expect(await db.selectFrom('review_log').select('id').execute()).toHaveLength(1);
  });

  it('applies one of two ratings of the same showing sent at once', async () => {
    const { card_id } = await deck.addCard(reader, bank, 'mark', [riverBank]);
    const answers = await Promise.all([
      deck.rate(reader, { card_id, rating: 1, review_id: reviewId(), reps: 0 }),
      deck.rate(reader, { card_id, rating: 4, review_id: reviewId(), reps: 0 }),
    ]);
    expect(answers.filter((a) => a.stale)).toHaveLength(1);
    const card = await db.selectFrom('review_cards').selectAll().executeTakeFirstOrThrow();
    expect(card.reps).toBe(1);
    expect(await db.selectFrom('review_log').select('id').execute()).toHaveLength(1);
  });

  it('undoes the latest rating of a card, keeping both in the log', async () => {
    const { card_id } = await deck.addCard(reader, bank, 'mark', [riverBank]);
    const before = await db.selectFrom('review_cards').selectAll().executeTakeFirstOrThrow();
    const id = reviewId();
    await deck.rate(reader, { card_id, rating: 3, review_id: id, reps: 0 });
    clock.advance(5_000);
    const undone = await deck.undo(reader, id);
    expect(undone.counts).toMatchObject({ reviewed_today: 0, new_left: 1 });
    const after = await db.selectFrom('review_cards').selectAll().executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // Twice is once.
    await deck.undo(reader, id);
    const log = await db.selectFrom('review_log').selectAll().orderBy('id').execute();
    expect(log.map((l) => l.kind)).toEqual(['rate', 'undo']);
    expect(log[1].undoes).toBe(log[0].id);

    // A rating followed by another of the same card can no longer be taken back.
    const older = reviewId();
    await deck.rate(reader, { card_id, rating: 3, review_id: older, reps: 0 });
    await deck.rate(reader, { card_id, rating: 3, review_id: reviewId(), reps: 1 });
    await expect(deck.undo(reader, older)).rejects.toMatchObject({ httpStatus: 409 });
    await expect(deck.undo(reader, 'no-such-review')).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('shows no more new cards a day than the learner set', async () => {
    await deck.settings.change(reader, { new_per_day: 1 });
    const first = await deck.addCard(reader, bank, 'mark', [riverBank]);
    await deck.addCard(reader, pitch, 'mark', [met('the company’s sales ', 'pitch', '')]);
    expect((await deck.counts(reader)).new_left).toBe(1);
    await deck.rate(reader, { card_id: first.card_id, rating: 4, review_id: reviewId(), reps: 0 });
    expect(await deck.next(reader)).toMatchObject({ card: null, counts: { new_left: 0, total: 2 } });
    // The next day in Shanghai, the other one is shown.
    clock.advance(minutes(60 * 24));
    expect((await deck.next(reader)).card).toMatchObject({ lemma: 'pitch' });
  });

  it('keeps one learner’s cards from another, and a word marked 熟词 out of review', async () => {
    const { card_id } = await deck.addCard(reader, bank, 'mark', [riverBank]);
    expect((await deck.next(other)).card).toBeNull();
    await expect(deck.rate(other, { card_id, rating: 3, review_id: reviewId(), reps: 0 })).rejects.toMatchObject({
      httpStatus: 404,
    });
    const book = createWordBook({ db, now: clock.now });
    await book.setStrange(reader, { word: 'bank', lemma: 'bank', strange: 0, from: '', sentence: '' });
    expect(await deck.next(reader)).toMatchObject({ card: null, counts: { total: 0 } });
  });

  it('makes a card of a sense looked up a second time, with both sentences, and adds later ones', async () => {
    const book = createWordBook({ db, now: clock.now, cards: deck });
    const answer = (word: string) => [
      {
        lemma: 'bank',
        gloss: [{ sense: { first: bank.sense_en, second: '河岸' }, sense_id: bank.sense_id, pos: { name: '名词', label: 'n.' } }],
      },
      { lemma: word, gloss: [] },
    ];
    const lookUp = (pre: string, word: string, post: string) =>
      book.recordLookup(
        reader,
        { target_word: word, lemma: 'bank', pre_context: pre, post_context: post, from: 'ContextualDict' },
        answer(word),
      );
    await lookUp('We sat on the river ', 'bank', '.');
    expect(await db.selectFrom('review_cards').select('id').execute()).toHaveLength(0);
    await lookUp('The ', 'banks', ' were steep.');
    const { card } = await deck.next(reader);
    expect(card).toMatchObject({ lemma: 'bank', sense_zh: '河岸', pos: 'n.' });
    expect(card?.sentences.map((s) => s.word)).toEqual(['bank', 'banks']);
    await lookUp('Fish hid under the ', 'bank', '.');
    expect((await deck.next(reader)).card?.sentences).toHaveLength(3);
    const origin = await db.selectFrom('review_cards').select('origin').executeTakeFirstOrThrow();
    expect(origin.origin).toBe('repeat');
  });

  it('counts the statistics: reviews a day, true retention, states, the forecast and the streak', async () => {
    const bankCard = await deck.addCard(reader, bank, 'mark', [riverBank]);
    const pitchCard = await deck.addCard(reader, pitch, 'mark', [met('the sales ', 'pitch', '')]);
    // Day 1: both learnt (简单: out for days). An undone rating does not count.
    const undone = reviewId();
    await deck.rate(reader, { card_id: bankCard.card_id, rating: 1, review_id: undone, reps: 0 });
    await deck.undo(reader, undone);
    await deck.rate(reader, { card_id: bankCard.card_id, rating: 4, review_id: reviewId(), reps: 0 });
    await deck.rate(reader, { card_id: pitchCard.card_id, rating: 4, review_id: reviewId(), reps: 0 });
    const first = clock.now();
    // Each card reviewed again when due: bank recalled, pitch forgotten.
    const bankDue = (
      await db.selectFrom('review_cards').select('due').where('id', '=', bankCard.card_id).executeTakeFirstOrThrow()
    ).due;
    clock.set(bankDue);
    await deck.rate(reader, { card_id: bankCard.card_id, rating: 3, review_id: reviewId(), reps: 1 });
    await deck.rate(reader, { card_id: pitchCard.card_id, rating: 1, review_id: reviewId(), reps: 1 });

    const stats = await deck.stats(reader);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toMatchObject({ reviews: 2, recalled: 1 });
    expect(stats.days.reduce((n, d) => n + d.reviews, 0)).toBe(4);
    const elapsed = Math.round((clock.now().getTime() - first.getTime()) / 86_400_000);
    const bucket = stats.retention.find((b) => elapsed >= b.from && elapsed <= b.to);
    expect(bucket).toMatchObject({ reviews: 2, recalled: 1 });
    expect(stats.retention.reduce((n, b) => n + b.reviews, 0)).toBe(2);
    expect(stats.states).toMatchObject({ new: 0, review: 1, relearning: 1 });
    expect(stats.forecast).toHaveLength(30);
    // The forgotten card comes back today; the recalled one (if within the month) later.
    expect(stats.forecast[0].due).toBe(1);
    expect(stats.forecast.slice(1).every((d) => d.day > stats.forecast[0].day)).toBe(true);
    // Reviews on the first day and today, with days between: today's run alone.
    expect(stats.streak).toBe(elapsed > 1 ? 1 : 2);
    // Another learner's statistics are empty.
    const theirs = await deck.stats(other);
    expect(theirs.days.every((d) => d.reviews === 0)).toBe(true);
    expect(theirs.streak).toBe(0);
  });
});
