import { describe, expect, it } from 'vitest';
import { isSentenceLike } from './books';
import { byFrequencyRank, chunk, numberUnits, passagesOf, stableHash, wordBookLevels } from './units';

describe('cutting books into levels and units', () => {
  it('splits a list into runs, the last one shorter', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow();
  });

  it('makes a word book of 20-word units, 10 units a level, numbered through the book', () => {
    const words = Array.from({ length: 405 }, (_, i) => `w${i}`);
    const { levels, units } = numberUnits(wordBookLevels(words, 20, 10));
    expect(units).toHaveLength(21);
    expect(units[0]).toMatchObject({ unit: 1, level: 1, key: 'u1', name: 'Unit 1' });
    expect(units[0].items).toEqual(words.slice(0, 20));
    expect(units[20]).toMatchObject({ unit: 21, level: 3, key: 'u21', items: ['w400', 'w401', 'w402', 'w403', 'w404'] });
    expect(levels).toEqual([
      { level: 1, name: '第1级', units: 10, items: 200, first_unit: 1 },
      { level: 2, name: '第2级', units: 10, items: 200, first_unit: 11 },
      { level: 3, name: '第3级', units: 1, items: 5, first_unit: 21 },
    ]);
  });

  it('drops empty levels and renumbers the rest', () => {
    const { levels, units } = numberUnits([
      { name: '入门', units: [{ key: 'a', name: 'A', items: [1] }] },
      { name: '初级', units: [] },
      { name: '中级', units: [{ key: 'b', name: 'B', items: [2, 3] }] },
    ]);
    expect(levels.map((l) => [l.level, l.name, l.first_unit])).toEqual([
      [1, '入门', 1],
      [2, '中级', 2],
    ]);
    expect(units.map((u) => [u.unit, u.level, u.key])).toEqual([
      [1, 1, 'a'],
      [2, 2, 'b'],
    ]);
  });

  it('orders words commonest first, unranked words last by spelling, the same on every run', () => {
    const words = [
      { word: 'zeal', rank: 0 },
      { word: 'state', rank: 137 },
      { word: 'able', rank: 0 },
      { word: 'might', rank: 175 },
      { word: 'be', rank: 2 },
      { word: 'par', rank: 175 },
    ];
    const order = () => [...words].sort(byFrequencyRank).map((w) => w.word);
    expect(order()).toEqual(['be', 'state', 'might', 'par', 'able', 'zeal']);
    expect(
      [...words]
        .reverse()
        .sort(byFrequencyRank)
        .map((w) => w.word),
    ).toEqual(order());
  });

  it('hashes text to a fixed number', () => {
    expect(stableHash('The cat sat.')).toBe(stableHash('The cat sat.'));
    expect(stableHash('The cat sat.')).not.toBe(stableHash('The cat sat!'));
  });
});

describe('reading passages', () => {
  const paragraph = (id: number, words: number) => [{ id, text: `s${id}`, words }];

  it('keeps a short document whole', () => {
    const doc = [paragraph(1, 200), paragraph(2, 300)];
    expect(passagesOf(doc, 300)).toEqual([doc]);
    expect(passagesOf([], 300)).toEqual([]);
  });

  it('cuts a long one on paragraph boundaries once a passage has its words, joining a short tail', () => {
    const doc = [100, 250, 80, 300, 120, 90, 60].map((w, i) => paragraph(i + 1, w));
    const passages = passagesOf(doc, 300);
    expect(passages.map((p) => p.map((para) => para[0].id))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6, 7],
    ]);
    // Nothing lost, nothing repeated.
    expect(passages.flat(2).map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('sentences for a sentence book', () => {
  it('takes whole sentences, not dialogue, fragments or shouting', () => {
    expect(isSentenceLike('People have kept diaries for hundreds of years.')).toBe(true);
    expect(isSentenceLike("I don't remember where she'd put the children's books.")).toBe(true);
    expect(isSentenceLike("'How can you learn lessons in here?")).toBe(false);
    expect(isSentenceLike('He said, “Come in.”')).toBe(false);
    expect(isSentenceLike("It turned into a pig,' Alice said.")).toBe(false);
    expect(isSentenceLike('Would the fall NEVER come to an end!')).toBe(false);
    expect(isSentenceLike('and then they went home.')).toBe(false);
    expect(isSentenceLike('The list went on and on')).toBe(false);
  });
});
