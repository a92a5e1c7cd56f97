import { describe, expect, it } from 'vitest';
import { intervalLabel, nextDueLabel } from './intervals';

describe('interval labels', () => {
  it('says minutes, hours, days, months and years as a learner reads them', () => {
    expect(intervalLabel(0)).toBe('1分钟');
    expect(intervalLabel(60_000)).toBe('1分钟');
    expect(intervalLabel(10 * 60_000)).toBe('10分钟');
    expect(intervalLabel(3 * 3_600_000)).toBe('3小时');
    expect(intervalLabel(4 * 86_400_000)).toBe('4天');
    expect(intervalLabel(75 * 86_400_000)).toBe('2.5个月');
    expect(intervalLabel(440 * 86_400_000)).toBe('1.2年');
  });

  it('says when the next card is due, from now', () => {
    const now = new Date(2026, 2, 2, 10, 0);
    expect(nextDueLabel(new Date(2026, 2, 2, 9, 0).toISOString(), now)).toBe('现在');
    expect(nextDueLabel(new Date(2026, 2, 2, 14, 5).toISOString(), now)).toBe('今天 14:05');
    expect(nextDueLabel(new Date(2026, 2, 3, 8, 0).toISOString(), now)).toBe('明天 08:00');
    expect(nextDueLabel(new Date(2026, 2, 6, 8, 0).toISOString(), now)).toBe('4天后');
  });
});
