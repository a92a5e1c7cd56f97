import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, sentenceAround } from './history-format';

describe('sentenceAround', () => {
  it('keeps only the sentence that holds the word', () => {
    expect(sentenceAround('It rained. We sat on the ', 'bank', ' of the river. Then we left.')).toEqual({
      before: 'We sat on the ',
      after: ' of the river.',
    });
  });

  it('keeps the whole context when it is one sentence, tidying whitespace', () => {
    expect(sentenceAround('She  deposited\nher salary at the ', 'bank', ' today')).toEqual({
      before: 'She deposited her salary at the ',
      after: ' today',
    });
  });

  it('does not cut at a full stop without a space after it (numbers, abbreviations in words)', () => {
    expect(sentenceAround('It cost 3.5 dollars at the ', 'bank', '.')).toEqual({
      before: 'It cost 3.5 dollars at the ',
      after: '.',
    });
  });

  it('does not cut at an abbreviation or an initial', () => {
    expect(sentenceAround('We met Mr. ', 'Guthrie', ' at 8 P.M. yesterday. Then we left.')).toEqual({
      before: 'We met Mr. ',
      after: ' at 8 P.M. yesterday.',
    });
  });

  it('shortens a very long sentence on a word boundary, marking the cut', () => {
    const long = 'word '.repeat(60);
    const { before, after } = sentenceAround(long, 'bank', ` ${long}`);
    expect(before.startsWith('…')).toBe(true);
    expect(before.length).toBeLessThanOrEqual(141);
    expect(before.endsWith('word ')).toBe(true);
    expect(after.endsWith('…')).toBe(true);
    expect(after.length).toBeLessThanOrEqual(141);
  });
});

describe('days', () => {
  const now = new Date(2025, 2, 10, 9, 30);

  it('names today, yesterday, this year and earlier years', () => {
    expect(dayLabel(new Date(2025, 2, 10, 0, 5), now)).toBe('今天');
    expect(dayLabel(new Date(2025, 2, 9, 23, 59), now)).toBe('昨天');
    expect(dayLabel(new Date(2025, 0, 2, 12), now)).toBe('1月2日');
    expect(dayLabel(new Date(2024, 11, 31, 12), now)).toBe('2024年12月31日');
  });

  it('knows yesterday across a month boundary', () => {
    expect(dayLabel(new Date(2025, 1, 28, 20), new Date(2025, 2, 1, 8))).toBe('昨天');
  });

  it('groups consecutive entries of one day, keeping their order', () => {
    const at = (d: Date) => ({ created_at: d.toISOString() });
    const items = [at(new Date(2025, 2, 10, 9)), at(new Date(2025, 2, 10, 8)), at(new Date(2025, 2, 8, 20))];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['今天', 2],
      ['3月8日', 1],
    ]);
    expect(groups[0].items[0]).toBe(items[0]);
  });

  it('puts an unreadable time under 更早 instead of failing', () => {
    expect(groupByDay([{ created_at: 'not a date' }], now)[0].label).toBe('更早');
  });
});
