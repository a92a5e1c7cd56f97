import { randomBytes } from 'node:crypto';
import type { AssessmentHistoryItem, AssessmentResult } from '../../lib/contract';
import type { Db } from '../db/database';
import type { AssessmentsTable } from '../db/schema';
import { sha256 } from '../platform/crypto';
import { days, stamp, type Clock } from '../platform/time';
import type { TestState } from './test-plan';

/*
 * Where tests live while they are taken and after (migration 017). The client holds a random
 * session id; the row is found by its hash. An answer moves a test on by one conditional update
 * (`step` must still be the one answered), so two answers to one item cannot both count, on any
 * number of instances. A test left unfinished for a day is gone.
 */

export const unfinishedLifetimeMs = days(1);

export interface StoredTest {
  id: number;
  userId: number | null;
  state: TestState;
  step: number;
  finishedAt: string | null;
  result: StoredResult | null;
}

/** The result as stored; its `kept` is set by whoever reads it (it depends on the row's user). */
export type StoredResult = AssessmentResult;

const toTest = (row: AssessmentsTable): StoredTest => ({
  id: Number(row.id),
  userId: row.user_id === null ? null : Number(row.user_id),
  state: JSON.parse(row.state) as TestState,
  step: Number(row.step),
  finishedAt: row.finished_at,
  result: row.result ? (JSON.parse(row.result) as StoredResult) : null,
});

export function createAssessmentStore({ db, now }: { db: Db; now: Clock }) {
  return {
    /** A new test; answers its session id. Also clears the tests abandoned a day ago. */
    async create(userId: number | null, state: TestState): Promise<string> {
      const sessionId = randomBytes(32).toString('base64url');
      const at = stamp(now());
      await db
        .deleteFrom('assessments')
        .where('finished_at', 'is', null)
        .where('created_at', '<', stamp(now(), -unfinishedLifetimeMs))
        .execute();
      await db
        .insertInto('assessments')
        .values({
          session_hash: sha256(sessionId),
          user_id: userId,
          state: JSON.stringify(state),
          step: 0,
          created_at: at,
          updated_at: at,
          finished_at: null,
          result: null,
          size: null,
        })
        .execute();
      return sessionId;
    },

    /** The test of a session id; undefined when unknown, or unfinished and a day old. */
    async find(sessionId: string): Promise<StoredTest | undefined> {
      const row = await db.selectFrom('assessments').selectAll().where('session_hash', '=', sha256(sessionId)).executeTakeFirst();
      if (!row) return undefined;
      if (!row.finished_at && row.created_at < stamp(now(), -unfinishedLifetimeMs)) return undefined;
      return toTest(row as unknown as AssessmentsTable);
    },

    /**
     * Moves a test from `fromStep` to its new state (and, with a result, finishes it). False when
     * another answer moved it first or it was finished meanwhile.
     */
    async advance(test: StoredTest, fromStep: number, state: TestState, result?: StoredResult): Promise<boolean> {
      const at = stamp(now());
      const answered = await db
        .updateTable('assessments')
        .set({
          state: JSON.stringify(state),
          step: fromStep + 1,
          updated_at: at,
          ...(result ? { finished_at: at, result: JSON.stringify(result), size: result.size } : {}),
        })
        .where('id', '=', test.id)
        .where('step', '=', fromStep)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Number(answered.numUpdatedRows) === 1;
    },

    /** Finishes a test where it is (quit early). False when it was finished meanwhile. */
    async finish(test: StoredTest, result: StoredResult): Promise<boolean> {
      const at = stamp(now());
      const done = await db
        .updateTable('assessments')
        .set({ finished_at: at, updated_at: at, result: JSON.stringify(result), size: result.size })
        .where('id', '=', test.id)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /** Puts a visitor's finished test on a learner's profile (only if nobody has it yet). */
    async keep(test: StoredTest, userId: number): Promise<boolean> {
      const kept = await db
        .updateTable('assessments')
        .set({ user_id: userId })
        .where('id', '=', test.id)
        .where('user_id', 'is', null)
        .where('finished_at', 'is not', null)
        .executeTakeFirst();
      return Number(kept.numUpdatedRows) === 1;
    },

    /** A learner's finished tests, newest first. */
    async history(userId: number, limit = 20): Promise<{ items: AssessmentHistoryItem[]; latest: StoredResult | null }> {
      const rows = await db
        .selectFrom('assessments')
        .select(['result', 'finished_at', 'id'])
        .where('user_id', '=', userId)
        .where('finished_at', 'is not', null)
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const results = rows.map((r) => JSON.parse(r.result ?? 'null') as StoredResult | null).filter((r) => r !== null);
      return {
        latest: results[0] ?? null,
        items: results.map((r) => ({
          size: r.size,
          low: r.low,
          high: r.high,
          level_label: r.level?.label ?? null,
          finished_at: r.finished_at,
        })),
      };
    },
  };
}

export type AssessmentStore = ReturnType<typeof createAssessmentStore>;
