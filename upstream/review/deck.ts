import { createHash } from 'node:crypto';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import {
  type RatingOutcome,
  type ReviewCard,
  type ReviewCounts,
  type ReviewRating,
  type ReviewSentence,
  reviewSentenceSources,
} from '../../lib/contract';
import type { Db } from '../db/database';
import type { Database, ReviewCardsTable, ReviewSentencesTable } from '../db/schema';
import type { ExportCard } from './export';
import { clipContext } from '../dictionary/lookup-history';
import { notFound, UpstreamError } from '../platform/http';
import { type Clock, minutes, shanghaiDay, stamp } from '../platform/time';
import { knownStability, type MemoryColumns, newCardColumns, outcomes, rated, schedulerFor, stateName } from './scheduler';
import { createReviewSettings } from './settings';
import { notUndone, reviewStats } from './stats';

/** The sense a card is of, as the dictionary answered it. */
export interface CardSense {
  lemma: string;
  sense_id: string;
  /** The form met. */
  word: string;
  headword: string;
  pos: string;
  sense_en: string;
  sense_zh: string;
}

/** How a card came to be: marked 生词, added to a word list, looked up twice. */
/** How a card was made: 生词 marked, a list add, a word looked up again, a paper's wrong answer, a lesson's miss. */
export type CardOrigin = 'mark' | 'list' | 'repeat' | 'paper' | 'lesson';

/**
 * Once nothing is due, a card in its (re)learning steps due within this long is shown rather than
 * ending the session a minute before it falls due (Anki's "learn ahead limit").
 */
const learnAhead = minutes(20);

const digestOf = (s: Pick<ReviewSentence, 'pre_context' | 'word' | 'post_context'>) =>
  createHash('sha256')
    .update(`${s.pre_context}\u0000${s.word}\u0000${s.post_context}`.replace(/\s+/g, ' ').trim())
    .digest('base64url');

/** A card is left out of review while its lemma is marked 熟词: the learner said they know it. */
const notKnown = (eb: ExpressionBuilder<Database & { c: ReviewCardsTable }, 'c'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('word_list as w')
        .select(sql.lit(1).as('one'))
        .whereRef('w.user_id', '=', 'c.user_id')
        .whereRef('w.lemma', '=', 'c.lemma')
        .where('w.strange', '=', 0),
    ),
  );

const sentenceOfRow = (
  r: Pick<ReviewSentencesTable, 'pre_context' | 'word' | 'post_context' | 'source' | 'from_screen'>,
): ReviewSentence => ({
  pre_context: r.pre_context,
  word: r.word,
  post_context: r.post_context,
  source: (reviewSentenceSources as readonly string[]).includes(r.source) ? (r.source as ReviewSentence['source']) : 'lookup',
  from: r.from_screen,
});

/** What a card is of, as the screens and the exports show it. */
const senseOfRow = (row: Selectable<ReviewCardsTable>) => ({
  card_id: row.id,
  lemma: row.lemma,
  headword: row.headword,
  pos: row.pos,
  sense_en: row.sense_en,
  sense_zh: row.sense_zh,
  exams: row.exams ? row.exams.split(' ') : [],
  state: stateName(row.state),
});

/** How a learner stands with a lemma's cards: see lemmaStates. */
export type LemmaState = 'due' | 'known' | 'learning';
const rank: Record<LemmaState, number> = { learning: 0, known: 1, due: 2 };

const rateConflict = () => new UpstreamError(409, '409', '这张卡片刚在别处复习过');

/**
 * A learner's review cards (one per sense), the sentences they met each in, their FSRS
 * schedule and the append-only review log. Every change is one transaction whose writes are
 * conditional on the card being as it was read, so that instances sharing one PostgreSQL lose
 * no rating and count none twice.
 */
export function createDeck({
  db,
  now,
  examsOf = () => [],
}: {
  db: Db;
  now: Clock;
  /** ECDICT's exam tags of a lemma, kept with its cards. */
  examsOf?: (lemma: string) => readonly string[];
}) {
  const store = createReviewSettings({ db, now });
  const settings = store.read;

  /**
   * The cards' counts and today's reviews, at `at`. Each count is one indexed query (a learner
   * may keep ten thousand cards); the cards of lemmas marked 熟词 (few) are counted apart and
   * taken off.
   */
  async function counts(userId: number, at: Date, newPerDay?: number): Promise<ReviewCounts> {
    const perDay = newPerDay ?? (await settings(userId)).new_per_day;
    const mine = () => db.selectFrom('review_cards as c').where('c.user_id', '=', userId);
    const count = (eb: ExpressionBuilder<Database & { c: ReviewCardsTable }, 'c'>) => eb.fn.countAll<number>().as('n');
    const [total, due, fresh, known, today] = await Promise.all([
      mine().select(count).executeTakeFirstOrThrow(),
      mine().where('c.due', '<=', stamp(at)).where('c.state', '<>', 0).select(count).executeTakeFirstOrThrow(),
      mine().where('c.state', '=', 0).select(count).executeTakeFirstOrThrow(),
      mine()
        .innerJoin('word_list as w', (join) =>
          join.onRef('w.user_id', '=', 'c.user_id').onRef('w.lemma', '=', 'c.lemma').on('w.strange', '=', 0),
        )
        .select(['c.state', 'c.due'])
        .execute(),
      db
        .selectFrom('review_log as r')
        .where('r.user_id', '=', userId)
        .where('r.day', '=', shanghaiDay(at))
        .where('r.kind', '=', 'rate')
        .where(notUndone)
        .select((eb) => [
          eb.fn.countAll<number>().as('reviewed'),
          eb.fn.sum<number>(eb.case().when('r.state', '=', 0).then(1).else(0).end()).as('begun'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    const knownDue = known.filter((c) => c.state !== 0 && c.due <= stamp(at)).length;
    const knownFresh = known.filter((c) => c.state === 0).length;
    const freshLeft = Number(fresh.n) - knownFresh;
    return {
      due: Number(due.n) - knownDue,
      new_left: Math.min(freshLeft, Math.max(0, perDay - Number(today.begun ?? 0))),
      reviewed_today: Number(today.reviewed),
      total: Number(total.n) - known.length,
    };
  }

  async function sentencesOf(cardId: number): Promise<ReviewSentence[]> {
    const rows = await db
      .selectFrom('review_sentences')
      .select(['pre_context', 'word', 'post_context', 'source', 'from_screen'])
      .where('card_id', '=', cardId)
      .orderBy('id')
      .execute();
    return rows.map(sentenceOfRow);
  }

  type Executor = Pick<Db, 'insertInto'>;
  async function keepSentences(trx: Executor, cardId: number, sentences: readonly ReviewSentence[]) {
    for (const s of sentences) {
      const kept = {
        pre_context: clipContext(s.pre_context, 'before'),
        word: s.word,
        post_context: clipContext(s.post_context, 'after'),
      };
      await trx
        .insertInto('review_sentences')
        .values({
          card_id: cardId,
          ...kept,
          source: s.source,
          from_screen: s.from,
          digest: digestOf(kept),
          created_at: stamp(now()),
        })
        .onConflict((oc) => oc.columns(['card_id', 'digest']).doNothing())
        .execute();
    }
  }

  const memoryOf = (row: MemoryColumns): MemoryColumns => ({
    state: row.state,
    due: row.due,
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.last_review,
  });

  return {
    /** The learner's settings, and the FSRS weights fitted to them. */
    settings: store,

    counts: (userId: number) => counts(userId, now()),

    stats: (userId: number) => reviewStats(db, userId, now()),

    /**
     * Makes the learner's card of this sense, or finds it, and keeps the sentences with it.
     * `created` says whether it is new.
     */
    async addCard(
      userId: number,
      sense: CardSense,
      origin: CardOrigin,
      sentences: readonly ReviewSentence[],
    ): Promise<{ card_id: number; created: boolean }> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        // Made now, or already there (made earlier, or at the same moment by another request).
        const made = await trx
          .insertInto('review_cards')
          .values({
            user_id: userId,
            lemma: sense.lemma,
            sense_id: sense.sense_id,
            word: sense.word,
            headword: sense.headword,
            pos: sense.pos,
            sense_en: sense.sense_en,
            sense_zh: sense.sense_zh,
            exams: examsOf(sense.lemma).join(' '),
            origin,
            created_at: stamp(at),
            ...newCardColumns(at),
          })
          .onConflict((oc) => oc.columns(['user_id', 'lemma', 'sense_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        const cardId =
          made?.id ??
          (
            await trx
              .selectFrom('review_cards')
              .select('id')
              .where('user_id', '=', userId)
              .where('lemma', '=', sense.lemma)
              .where('sense_id', '=', sense.sense_id)
              .executeTakeFirstOrThrow()
          ).id;
        await keepSentences(trx, cardId, sentences);
        return { card_id: cardId, created: made !== undefined };
      });
    },

    /** Keeps a sentence with the learner's card of this sense, if they have one; false if not. */
    async addSentence(userId: number, lemma: string, senseId: string, sentence: ReviewSentence): Promise<boolean> {
      const card = await db
        .selectFrom('review_cards')
        .select('id')
        .where('user_id', '=', userId)
        .where('lemma', '=', lemma)
        .where('sense_id', '=', senseId)
        .executeTakeFirst();
      if (!card) return false;
      await keepSentences(db, card.id, [sentence]);
      return true;
    },

    /**
     * Where the learner stands with each of these lemmas' cards, for marking a text: 'due' when a
     * card of it waits for review (new, or due within the learn-ahead window), 'known' when one
     * has passed 21 days of stability, else 'learning'. Lemmas without cards are left out.
     */
    async lemmaStates(userId: number, lemmas: readonly string[]): Promise<Map<string, LemmaState>> {
      const at = now();
      const soon = stamp(at, learnAhead);
      const states = new Map<string, LemmaState>();
      const distinct = [...new Set(lemmas)];
      for (let i = 0; i < distinct.length; i += 500) {
        const rows = await db
          .selectFrom('review_cards as c')
          .select(['c.lemma', 'c.state', 'c.due', 'c.stability'])
          .where('c.user_id', '=', userId)
          .where('c.lemma', 'in', distinct.slice(i, i + 500))
          .where(notKnown)
          .execute();
        for (const row of rows) {
          const state: LemmaState =
            row.state === 0 || row.due <= soon ? 'due' : Number(row.stability) >= knownStability ? 'known' : 'learning';
          const before = states.get(row.lemma);
          // A lemma with a card waiting is due; one with any stable card and none waiting is known.
          if (!before || rank[state] > rank[before]) states.set(row.lemma, state);
        }
      }
      return states;
    },

    /**
     * The learner's card of this lemma waiting for review (as lemmaStates counts it), the sense
     * given first when it has one: what the word panel offers to rate when the word is met.
     */
    async waitingCard(userId: number, lemma: string, senseId?: string) {
      const rows = await db
        .selectFrom('review_cards as c')
        .select(['c.id', 'c.sense_id', 'c.reps', 'c.headword', 'c.sense_zh', 'c.state', 'c.due'])
        .where('c.user_id', '=', userId)
        .where('c.lemma', '=', lemma)
        .where(notKnown)
        .where((eb) => eb.or([eb('c.state', '=', 0), eb('c.due', '<=', stamp(now(), learnAhead))]))
        .orderBy('c.due')
        .execute();
      const row = rows.find((r) => r.sense_id === senseId) ?? rows[0];
      return row
        ? { card_id: row.id, reps: row.reps, headword: row.headword, sense_zh: row.sense_zh, state: stateName(row.state) }
        : null;
    },

    /** Every card of the learner with its sentences, oldest first: what an export holds. */
    async exportable(userId: number): Promise<ExportCard[]> {
      const rows = await db.selectFrom('review_cards').selectAll().where('user_id', '=', userId).orderBy('id').execute();
      const sentences = new Map<number, ReviewSentence[]>();
      // In chunks: a statement's parameters are bounded, and a learner may keep thousands of cards.
      for (let i = 0; i < rows.length; i += 500) {
        const found = await db
          .selectFrom('review_sentences')
          .select(['card_id', 'pre_context', 'word', 'post_context', 'source', 'from_screen'])
          .where(
            'card_id',
            'in',
            rows.slice(i, i + 500).map((r) => r.id),
          )
          .orderBy('id')
          .execute();
        for (const s of found) {
          const list = sentences.get(s.card_id) ?? [];
          list.push(sentenceOfRow(s));
          sentences.set(s.card_id, list);
        }
      }
      return rows.map((row) => ({ ...senseOfRow(row), due: row.due, sentences: sentences.get(row.id) ?? [] }));
    },

    /** The next card: due ones first (oldest due), then new ones within the day's limit, then learning ones due soon. */
    async next(
      userId: number,
      exclude: readonly number[] = [],
    ): Promise<{ card: ReviewCard | null; options: RatingOutcome[]; counts: ReviewCounts; next_due: string | null }> {
      const at = now();
      const mine = await settings(userId);
      const current = await counts(userId, at, mine.new_per_day);
      const base = () => {
        let q = db.selectFrom('review_cards as c').selectAll('c').where('c.user_id', '=', userId).where(notKnown);
        if (exclude.length > 0) q = q.where('c.id', 'not in', [...exclude]);
        return q;
      };
      let row = await base()
        .where('c.state', '<>', 0)
        .where('c.due', '<=', stamp(at))
        .orderBy('c.due')
        .limit(1)
        .executeTakeFirst();
      if (!row && current.new_left > 0) {
        row = await base().where('c.state', '=', 0).orderBy('c.id').limit(1).executeTakeFirst();
      }
      if (!row) {
        // The card just shown may be the only one left in its steps: it comes back rather than waiting.
        row = await db
          .selectFrom('review_cards as c')
          .selectAll('c')
          .where('c.user_id', '=', userId)
          .where(notKnown)
          .where('c.state', 'in', [1, 3])
          .where('c.due', '<=', stamp(at, learnAhead))
          .orderBy('c.due')
          .limit(1)
          .executeTakeFirst();
      }
      if (!row) {
        const soonest = await db
          .selectFrom('review_cards as c')
          .select((eb) => eb.fn.min<string>('c.due').as('due'))
          .where('c.user_id', '=', userId)
          .where(notKnown)
          .where('c.state', '<>', 0)
          .executeTakeFirst();
        return { card: null, options: [], counts: current, next_due: soonest?.due ?? null };
      }
      const sentences = await sentencesOf(row.id);
      const memory = memoryOf(row);
      return {
        card: {
          ...senseOfRow(row),
          reps: row.reps,
          lapses: row.lapses,
          due: row.due,
          sentences:
            sentences.length > 0
              ? sentences
              : [{ pre_context: '', word: row.word, post_context: '', source: 'lookup', from: '' }],
          front: sentences.length > 0 ? row.reps % sentences.length : 0,
        },
        options: outcomes(schedulerFor(mine.desired_retention, mine.weights), memory, at),
        counts: current,
        next_due: null,
      };
    },

    /**
     * Rates a card as it was shown (`reps`). The same review_id again answers as the first time;
     * a card rated meanwhile elsewhere is left alone and answers `stale`.
     */
    async rate(
      userId: number,
      input: { card_id: number; rating: ReviewRating; review_id: string; reps: number },
    ): Promise<{ card_id: number; due: string; state: ReturnType<typeof stateName>; stale: boolean; counts: ReviewCounts }> {
      const at = now();
      const mine = await settings(userId);
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const card = await trx
            .selectFrom('review_cards')
            .selectAll()
            .where('id', '=', input.card_id)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (!card) throw notFound();
          const answered = await trx
            .selectFrom('review_log')
            .select('id')
            .where('user_id', '=', userId)
            .where('review_id', '=', input.review_id)
            .executeTakeFirst();
          if (answered || card.reps !== input.reps) return { card, stale: !answered };
          const before = memoryOf(card);
          const after = rated(schedulerFor(mine.desired_retention, mine.weights), before, input.rating, at);
          const logged = await trx
            .insertInto('review_log')
            .values({
              user_id: userId,
              card_id: card.id,
              review_id: input.review_id,
              kind: 'rate',
              undoes: null,
              rating: input.rating,
              state: before.state,
              elapsed_days: before.last_review
                ? Math.max(0, Math.floor((at.getTime() - Date.parse(before.last_review)) / 86_400_000))
                : 0,
              scheduled_days: before.scheduled_days,
              before: JSON.stringify(before),
              after: JSON.stringify(after),
              reviewed_at: stamp(at),
              day: shanghaiDay(at),
            })
            .onConflict((oc) => oc.columns(['user_id', 'review_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
          // The same rating arrived twice at once: the other request wrote it.
          if (!logged) return { card, stale: false };
          const changed = await trx
            .updateTable('review_cards')
            .set(after)
            .where('id', '=', card.id)
            .where('reps', '=', before.reps)
            .executeTakeFirst();
          // Rated meanwhile by another request: roll this one back, log and all.
          if (Number(changed.numUpdatedRows) !== 1) throw rateConflict();
          return { card: { ...card, ...after }, stale: false };
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof UpstreamError) || error.status !== '409') throw error;
          const card = await db
            .selectFrom('review_cards')
            .selectAll()
            .where('id', '=', input.card_id)
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow();
          return { card, stale: true };
        });
      return {
        card_id: outcome.card.id,
        due: outcome.card.due,
        state: stateName(outcome.card.state),
        stale: outcome.stale,
        counts: await counts(userId, at, mine.new_per_day),
      };
    },

    /**
     * Takes back a rating while the card is still as that rating left it. The log keeps the rating
     * and adds its undoing; undoing twice changes nothing.
     */
    async undo(userId: number, reviewId: string): Promise<{ card_id: number; counts: ReviewCounts }> {
      const at = now();
      const cardId = await db.transaction().execute(async (trx) => {
        const log = await trx
          .selectFrom('review_log')
          .selectAll()
          .where('user_id', '=', userId)
          .where('review_id', '=', reviewId)
          .where('kind', '=', 'rate')
          .executeTakeFirst();
        if (!log) throw notFound();
        const undone = await trx.selectFrom('review_log').select('id').where('undoes', '=', log.id).executeTakeFirst();
        if (undone) return log.card_id;
        const before = JSON.parse(log.before) as MemoryColumns;
        const after = JSON.parse(log.after) as MemoryColumns;
        const changed = await trx
          .updateTable('review_cards')
          .set(before)
          .where('id', '=', log.card_id)
          .where('reps', '=', after.reps)
          .where('due', '=', after.due)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) {
          throw new UpstreamError(409, '409', '这次评分之后卡片又复习过，不能撤销');
        }
        await trx
          .insertInto('review_log')
          .values({
            user_id: userId,
            card_id: log.card_id,
            review_id: `undo-${log.id}`,
            kind: 'undo',
            undoes: log.id,
            rating: 0,
            state: after.state,
            elapsed_days: 0,
            scheduled_days: after.scheduled_days,
            before: log.after,
            after: log.before,
            reviewed_at: stamp(at),
            day: shanghaiDay(at),
          })
          .execute();
        return log.card_id;
      });
      return { card_id: cardId, counts: await counts(userId, at) };
    },
  };
}

export type Deck = ReturnType<typeof createDeck>;
