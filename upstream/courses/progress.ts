import { sql } from 'kysely';
import type { UnitProgress } from '../../lib/contract';
import type { Db } from '../db/database';
import { stamp, type Clock } from '../platform/time';

/** Where each learner is in each course unit, keyed by the unit's stable key (books.ts). */
export function createProgressStore({ db, now }: { db: Db; now: Clock }) {
  return {
    /** The user's progress in a course, by unit key. */
    async ofCourse(userId: number, courseId: string): Promise<Map<string, UnitProgress>> {
      const rows = await db
        .selectFrom('course_progress')
        .select(['unit_key', 'position', 'done', 'updated_at'])
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .execute();
      return new Map(rows.map((r) => [r.unit_key, { position: r.position, done: r.done === 1, updated_at: r.updated_at }]));
    },

    /** The user's progress in one unit, or null. */
    async ofUnit(userId: number, courseId: string, unitKey: string): Promise<UnitProgress | null> {
      const row = await db
        .selectFrom('course_progress')
        .select(['position', 'done', 'updated_at'])
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .where('unit_key', '=', unitKey)
        .executeTakeFirst();
      return row ? { position: row.position, done: row.done === 1, updated_at: row.updated_at } : null;
    },

    /** The keys of the units the user has finished, by course. */
    async finished(userId: number, courseIds: string[]): Promise<Map<string, Set<string>>> {
      const finished = new Map<string, Set<string>>();
      if (!courseIds.length) return finished;
      const rows = await db
        .selectFrom('course_progress')
        .select(['course_id', 'unit_key'])
        .where('user_id', '=', userId)
        .where('course_id', 'in', courseIds)
        .where('done', '=', 1)
        .execute();
      for (const r of rows) {
        let keys = finished.get(r.course_id);
        if (!keys) finished.set(r.course_id, (keys = new Set()));
        keys.add(r.unit_key);
      }
      return finished;
    },

    /**
     * Records the position; a unit once done stays done. One statement, so two tabs writing at
     * once leave one of their positions and never lose the finished mark.
     */
    async save(
      userId: number,
      unit: { courseId: string; key: string; number: number },
      position: number,
      done: boolean,
    ): Promise<UnitProgress> {
      const row = await db
        .insertInto('course_progress')
        .values({
          user_id: userId,
          course_id: unit.courseId,
          unit_key: unit.key,
          unit: unit.number,
          position,
          done: done ? 1 : 0,
          updated_at: stamp(now()),
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'course_id', 'unit_key']).doUpdateSet((eb) => ({
            unit: eb.ref('excluded.unit'),
            position: eb.ref('excluded.position'),
            done: sql<number>`case when ${eb.ref('course_progress.done')} = 1 then 1 else ${eb.ref('excluded.done')} end`,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning(['position', 'done', 'updated_at'])
        .executeTakeFirstOrThrow();
      return { position: row.position, done: row.done === 1, updated_at: row.updated_at };
    },
  };
}

export type ProgressStore = ReturnType<typeof createProgressStore>;
