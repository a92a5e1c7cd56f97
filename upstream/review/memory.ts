import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEmptyCard, default_w, type Grade } from 'ts-fsrs';
import { type ReviewMemory, reviewsBeforeFit } from '../../lib/contract';
import type { Db } from '../db/database';
import { schedulerFor } from './scheduler';
import type { FitRecord, LearnerSettings, ReviewSettingsStore } from './settings';
import { notUndone } from './stats';

/*
 * The learner's own memory model: once their review log is long enough, FSRS is fitted to it
 * (fsrs-rs's optimizer through @open-spaced-repetition/binding, in a child process) and its
 * weights schedule their cards from then on, where they predict the learner's answers better
 * than FSRS-6's defaults do (log loss on the same log). A fit is repeated as the log grows by a
 * quarter. It runs after a rating has been answered, one at a time per process, never on the
 * rating's path.
 */

/** A fit is repeated once the log has grown by this share since the last one. */
const refitGrowth = 1.25;
/** The newest reviews a fit reads, so that a very long log costs a bounded fit. */
const fitWindow = 100_000;
/** A fit that takes longer than this is abandoned (the defaults or the last fit stay). */
const fitDeadlineMs = 5 * 60_000;

const dayMs = 86_400_000;

/** A rating as the log keeps it: its card, its grade and the learner's day. */
export interface LoggedRating {
  card_id: number;
  rating: number;
  day: string;
}

/**
 * Each card's ratings oldest first as [rating, days since the card's previous rating] (the first
 * 0): the histories FSRS is fitted to. `ratings` are in order of card, then time.
 */
export function ratingHistories(ratings: readonly LoggedRating[]): [number, number][][] {
  const histories: [number, number][][] = [];
  let current: [number, number][] = [];
  let card = -1;
  let lastDay = 0;
  for (const r of ratings) {
    const day = Date.parse(r.day) / dayMs;
    if (r.card_id !== card) {
      if (current.length > 1) histories.push(current);
      current = [[r.rating, 0]];
      card = r.card_id;
    } else {
      current.push([r.rating, Math.max(0, Math.round(day - lastDay))]);
    }
    lastDay = day;
  }
  if (current.length > 1) histories.push(current);
  return histories;
}

/** Whether a log of `reviews` should be fitted, the last fit having read `fitted`. */
export const dueForFit = (reviews: number, fitted: number) =>
  reviews >= reviewsBeforeFit && (fitted === 0 || reviews >= fitted * refitGrowth);

/** What a fit found: the weights and the log loss of them and of the defaults on the same log; or why it failed. */
export type FitAnswer = { weights: number[]; fitted_loss: number; default_loss: number } | { error: string };

const workerPath = fileURLToPath(new URL('./fit-worker.mjs', import.meta.url));

/**
 * Fits FSRS to these histories (ratingHistories) in a child process (fit-worker.mjs): a native
 * panic there ends that process, not the service. `live` holds the process while it runs.
 */
export function fitWeights(histories: [number, number][][], live = new Set<ChildProcess>()): Promise<FitAnswer> {
  return new Promise((resolve) => {
    // Without the service's own flags (--import tsx, --expose-gc): the worker is plain JavaScript.
    const child = fork(workerPath, [], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    live.add(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), fitDeadlineMs);
    child.once('message', (answer: FitAnswer) => resolve(answer));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      const why = stderr.split('\n').find((line) => /panicked|Error/.test(line)) ?? stderr.trim().split('\n')[0];
      resolve({ error: `the fit ended (${signal ?? `exit ${code}`})${why ? `: ${why}` : ''}` });
    });
    child.send({ histories, defaults: [...default_w] });
  });
}

export function createMemoryFitter({
  db,
  settings,
  log,
  checkEvery = 50,
}: {
  db: Db;
  settings: Pick<ReviewSettingsStore, 'read' | 'keepFit'>;
  log: (line: string) => void;
  /**
   * Ratings of a learner between two looks at whether their log is due for a fit: counting a log
   * of 100,000 reviews is tens of milliseconds of a synchronous database, not for every rating.
   * The first rating a process sees from a learner looks.
   */
  checkEvery?: number;
}) {
  /** Learners waiting for a fit, in order; one fit runs at a time. */
  const queue = new Set<number>();
  let running: Promise<void> | null = null;
  /** Whether the optimizer's binary loads on this machine: found out by the first fit. */
  let optimizer: boolean | null = null;
  const live = new Set<ChildProcess>();
  let stopped = false;
  /** Each learner's ratings since the last look, the most recent learners kept. */
  const sinceLook = new Map<number, number>();
  const learnersKept = 10_000;

  const reviewCount = async (userId: number) =>
    Number(
      (
        await db
          .selectFrom('review_log as r')
          .where('r.user_id', '=', userId)
          .where('r.kind', '=', 'rate')
          .where(notUndone)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * After the weights that schedule a learner changed: each card's stability and difficulty
   * replayed from its log under the new ones, so that its next rating builds on what they say
   * (its due date stays, as Anki leaves it: nothing is moved for the learner). A card rated
   * meanwhile, or whose log does not hold all its ratings, keeps what it has.
   */
  async function recomputeMemory(userId: number, weights: readonly number[] | null, retention: number) {
    const scheduler = schedulerFor(retention, weights);
    const cards = await db
      .selectFrom('review_cards')
      .select(['id', 'reps', 'created_at'])
      .where('user_id', '=', userId)
      .where('state', '<>', 0)
      .orderBy('id')
      .execute();
    let changed = 0;
    for (let i = 0; i < cards.length && !stopped; i += 500) {
      const chunk = cards.slice(i, i + 500);
      const logs = await db
        .selectFrom('review_log as r')
        .select(['r.card_id', 'r.rating', 'r.reviewed_at'])
        .where('r.user_id', '=', userId)
        .where('r.kind', '=', 'rate')
        .where(
          'r.card_id',
          'in',
          chunk.map((c) => c.id),
        )
        .where(notUndone)
        .orderBy('r.card_id')
        .orderBy('r.id')
        .execute();
      const byCard = new Map<number, typeof logs>();
      for (const l of logs) {
        const list = byCard.get(l.card_id);
        if (list) list.push(l);
        else byCard.set(l.card_id, [l]);
      }
      for (const card of chunk) {
        const ratings = byCard.get(card.id) ?? [];
        if (ratings.length !== card.reps || ratings.length === 0) continue;
        let replayed = createEmptyCard(new Date(card.created_at));
        for (const r of ratings) replayed = scheduler.next(replayed, new Date(r.reviewed_at), r.rating as Grade).card;
        const updated = await db
          .updateTable('review_cards')
          .set({ stability: replayed.stability, difficulty: replayed.difficulty })
          .where('id', '=', card.id)
          .where('reps', '=', card.reps)
          .executeTakeFirst();
        changed += Number(updated.numUpdatedRows);
      }
    }
    return changed;
  }

  /** Fits the learner's log now, and keeps what it found. */
  async function fitNow(userId: number): Promise<FitRecord | null> {
    return fitLog(userId, await reviewCount(userId), await settings.read(userId));
  }

  /** Fits a log of `total` reviews, the learner's settings being `before`. */
  async function fitLog(userId: number, total: number, before: LearnerSettings): Promise<FitRecord | null> {
    // The newest reviews in one read, then in the order the histories are made of: card, then time.
    const ratings = (
      await db
        .selectFrom('review_log as r')
        .select(['r.id', 'r.card_id', 'r.rating', 'r.day'])
        .where('r.user_id', '=', userId)
        .where('r.kind', '=', 'rate')
        .where(notUndone)
        .orderBy('r.id', 'desc')
        .limit(fitWindow)
        .execute()
    ).sort((a, b) => a.card_id - b.card_id || a.id - b.id);
    if (ratings.length < reviewsBeforeFit) return null;
    const answer = await fitWeights(ratingHistories(ratings), live);
    if (stopped) return null;
    if ('error' in answer) {
      optimizer ??= false;
      log(`[review] fitting FSRS to learner ${userId}'s reviews failed, their weights stay: ${answer.error.split('\n')[0]}`);
      return null;
    }
    optimizer = true;
    // The fitted weights only where they predict this learner's answers better than the defaults.
    const better = answer.fitted_loss < answer.default_loss;
    const record: FitRecord = {
      weights: better ? answer.weights : null,
      fitted_reviews: total,
      fitted_loss: answer.fitted_loss,
      default_loss: answer.default_loss,
    };
    if (!(await settings.keepFit(userId, record))) return null;
    if (JSON.stringify(before.weights) !== JSON.stringify(record.weights)) {
      await recomputeMemory(userId, record.weights, before.desired_retention);
    }
    return record;
  }

  async function drain() {
    for (const userId of queue) {
      queue.delete(userId);
      try {
        const mine = await settings.read(userId);
        const total = await reviewCount(userId);
        if (dueForFit(total, mine.fitted_reviews)) await fitLog(userId, total, mine);
      } catch (error) {
        log(`[review] fitting FSRS to learner ${userId}'s reviews failed: ${error instanceof Error ? error.message : error}`);
      }
    }
    running = null;
  }

  return {
    fitNow,
    recomputeMemory,

    /** After a rating: now and then, fits the learner's log in the background when it has grown enough. */
    afterRating(userId: number): void {
      if (stopped) return;
      const since = sinceLook.get(userId);
      sinceLook.delete(userId);
      if (since !== undefined && since + 1 < checkEvery) {
        sinceLook.set(userId, since + 1);
        return;
      }
      sinceLook.set(userId, 0);
      if (sinceLook.size > learnersKept) sinceLook.delete(sinceLook.keys().next().value as number);
      queue.add(userId);
      running ??= drain();
    },

    /** Abandons the queue and any fit running (at shutdown). */
    async stop(): Promise<void> {
      stopped = true;
      queue.clear();
      for (const child of live) child.kill('SIGKILL');
      while (running) await running;
    },

    /** Settles once no fit is queued or running (for tests). */
    async idle(): Promise<void> {
      while (running) await running;
    },

    /** Which weights schedule the learner, for the settings screen. */
    async memory(userId: number): Promise<ReviewMemory> {
      const [mine, reviews] = await Promise.all([settings.read(userId), reviewCount(userId)]);
      return {
        weights: mine.weights ? 'fitted' : 'default',
        reviews,
        fitted_reviews: mine.fitted_reviews,
        fitted_at: mine.fitted_at,
        optimizer: optimizer !== false,
      };
    },
  };
}

export type MemoryFitter = ReturnType<typeof createMemoryFitter>;
