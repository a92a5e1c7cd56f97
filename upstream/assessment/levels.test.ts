import { describe, expect, it } from 'vitest';
import type { CourseBookCategory } from '../../lib/contract/categories';
import type { Book, Catalogue } from '../courses/books';
import type { ListedWord } from '../courses/sources';
import type { Observation } from './estimator';
import { examLists, recommend, standings } from './levels';

// Words named by their rank: w1 … w20000.
const rankOf = (word: string) => (/^w\d+$/.test(word) ? Number(word.slice(1)) : undefined);
const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => `w${from + i * step}`);

/** A catalogue whose word books hold the given words. */
function catalogue(lists: Partial<Record<CourseBookCategory, string[]>>): Pick<Catalogue, 'listWords' | 'booksOf'> {
  return {
    listWords: (category) => (lists[category] ?? []).map((word) => ({ word, count: 0 })),
    booksOf: (category) =>
      lists[category]
        ? [{ id: `${category}-word`, type: 'word', name: `${category} 词汇`, items: lists[category].length } as Book]
        : [],
  };
}

const books = catalogue({
  primary_school: range(1, 800),
  junior_high_school: range(1, 2_000),
  high_school: range(1, 4_000),
  cet4: range(500, 5_000),
});
const listed: ListedWord[] = range(1_000, 15_000, 10).map((word) => ({
  word,
  phonetic: '',
  translation: '',
  exchange: '',
  tags: ['toefl'],
  rank: 0,
  oxford: false,
}));

describe('exam levels from the word books', () => {
  const lists = examLists({ rankOf }, books, listed);
  const byExam = Object.fromEntries(lists.map((l) => [l.exam, l]));

  it("puts each exam's threshold at the size that covers 80 % of its book, in order", () => {
    expect(byExam.primary.threshold).toBe(641);
    expect(byExam.zk.threshold).toBe(1_601);
    expect(byExam.gk.threshold).toBe(3_201);
    expect(byExam.cet4.threshold).toBe(4_100);
    expect(byExam.toefl.threshold).toBe(12_200);
    expect(byExam.toefl.book).toBeUndefined();
    expect(lists.map((l) => l.threshold)).toEqual([...lists.map((l) => l.threshold)].sort((a, b) => a - b));
  });

  it('reaches the exams under the size and recommends the next books with the share known', () => {
    // Knows the first 3,500 ranks for sure, none past them.
    const seen: Observation[] = [
      ...range(100, 3_500, 100).map((w) => ({ kind: 'word' as const, rank: rankOf(w)!, yes: true })),
      ...range(3_600, 20_000, 600).map((w) => ({ kind: 'word' as const, rank: rankOf(w)!, yes: false })),
    ];
    const levels = standings(lists, 3_500, seen);
    const reached = levels.filter((l) => l.reached).map((l) => l.exam);
    expect(reached).toEqual(['primary', 'zk', 'gk']);
    const cet4 = levels.find((l) => l.exam === 'cet4')!;
    expect(cet4.coverage).toBeGreaterThan(0.4);
    expect(cet4.coverage).toBeLessThan(0.9);
    const picks = recommend(lists, levels);
    expect(picks.map((p) => p.category)).toEqual(['cet4']);
    expect(picks[0]).toMatchObject({ book_id: 'cet4-word', reason: expect.stringContaining('下一个目标') });
  });

  it('gives a learner past every book the hardest book to keep up', () => {
    const levels = standings(lists, 20_000, []).map((l) => ({ ...l, reached: true }));
    expect(recommend(lists, levels).map((p) => p.category)).toEqual(['cet4']);
  });
});
