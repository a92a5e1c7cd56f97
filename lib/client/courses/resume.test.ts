import { describe, expect, it } from 'vitest';
import type { UnitSummary } from '@/lib/contract/calls/courses';
import { resumePoint } from './resume';

const unit = (n: number, progress: UnitSummary['progress'] = null): UnitSummary => ({
  unit: n,
  level: 1,
  name: `Unit ${n}`,
  items: 20,
  progress,
});
const at = (position: number, done: boolean, minute: number) => ({
  position,
  done,
  updated_at: `2026-11-25T06:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('resumePoint', () => {
  it('starts a book nobody has touched at its first unit', () => {
    expect(resumePoint([unit(1), unit(2)])).toEqual({ unit: 1, started: false });
    expect(resumePoint([])).toBeNull();
  });

  it('goes back to the unit touched last, not the furthest one', () => {
    const units = [unit(1, at(3, false, 10)), unit(2, at(5, false, 5)), unit(3)];
    expect(resumePoint(units)).toEqual({ unit: 1, started: true });
  });

  it('moves on from a finished unit to the next unfinished one', () => {
    const units = [unit(1, at(19, true, 20)), unit(2, at(19, true, 1)), unit(3), unit(4)];
    expect(resumePoint(units)).toEqual({ unit: 3, started: true });
  });

  it('stays on the last unit of a finished book', () => {
    expect(resumePoint([unit(1, at(0, true, 1)), unit(2, at(19, true, 2))])).toEqual({ unit: 2, started: true });
  });
});
