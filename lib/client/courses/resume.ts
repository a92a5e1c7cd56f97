import type { UnitSummary } from '@/lib/contract/calls/courses';

export interface ResumePoint {
  unit: number;
  /** Whether the learner has started anything in the book. */
  started: boolean;
}

/**
 * The unit to resume in a book whose units are `units` (in order): the one touched last, unless
 * it is finished, then the next unfinished one after it; the first unit before anything is
 * stored; null for a book without units.
 */
export function resumePoint(units: readonly UnitSummary[]): ResumePoint | null {
  if (units.length === 0) return null;
  let last: UnitSummary | null = null;
  const time = (u: UnitSummary | null) => (u?.progress ? Date.parse(u.progress.updated_at) : Number.NEGATIVE_INFINITY);
  for (const u of units) {
    if (u.progress && time(u) > time(last)) last = u;
  }
  if (!last?.progress) return { unit: units[0].unit, started: false };
  if (!last.progress.done) return { unit: last.unit, started: true };
  // Finished: the next unfinished unit after it, else the next one, else itself.
  const at = units.indexOf(last);
  const next = units.slice(at + 1).find((u) => !u.progress?.done) ?? units[at + 1] ?? last;
  return { unit: next.unit, started: true };
}
