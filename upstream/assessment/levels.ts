import type { AssessmentLevel, AssessmentResult } from '../../lib/contract';
import type { CourseBookCategory } from '../../lib/contract/categories';
import type { Catalogue } from '../courses/books';
import type { ListedWord } from '../courses/sources';
import { knownShareOfHistogram, rankHistogram, type Observation, type RankHistogram } from './estimator';
import type { ItemBank } from './item-bank';

/*
 * The exam levels, derived from the word books themselves. For each exam, its word list is the
 * course word book of that category (courses/: the ECDICT exam tag's words; 小学 the 800 commonest
 * 中考 words), and for TOEFL and GRE, which have no book, ECDICT's tag. Each list's words get their
 * rank in the assessment's pool; the exam's threshold is the size at which a learner who knows the
 * commonest lemmas first knows 80 % of the list: the list's 80th percentile rank (words the pool
 * lacks — names, rare forms — are left out). The level reached is the hardest exam whose
 * threshold the estimate reaches; each book's coverage is the posterior's expected share of its
 * words known.
 *
 * With ECDICT's lists (measured when this was written): 小学 ~1,000, 中考 ~2,500, 高考 ~4,650,
 * CET-4 ~5,200, 考研 ~6,050, CET-6 ~7,200, 雅思 ~7,850, 托福 ~12,350, GRE ~17,750 lemmas.
 */

export const coverageForLevel = 0.8;

export interface ExamSpec {
  exam: string;
  label: string;
  /** The course category whose word book is its list; absent for exams without a book. */
  category?: CourseBookCategory;
  /** ECDICT's tag, for exams without a book. */
  tag?: string;
}

export const exams: ExamSpec[] = [
  { exam: 'primary', label: '小学', category: 'primary_school' },
  { exam: 'zk', label: '中考', category: 'junior_high_school' },
  { exam: 'gk', label: '高考', category: 'high_school' },
  { exam: 'cet4', label: '大学英语四级', category: 'cet4' },
  { exam: 'ky', label: '考研', category: 'postgraduate' },
  { exam: 'cet6', label: '大学英语六级', category: 'cet6' },
  { exam: 'ielts', label: '雅思', category: 'ielts' },
  { exam: 'toefl', label: '托福', tag: 'toefl' },
  { exam: 'gre', label: 'GRE', tag: 'gre' },
];

export interface ExamList extends ExamSpec {
  /** Words in the list (the book's size). */
  words: number;
  /** The size that covers 80 % of the list's ranked words. */
  threshold: number;
  histogram: RankHistogram;
  /** The category's word book, when there is one. */
  book?: { id: string; name: string; items: number };
}

export function examLists(
  bank: Pick<ItemBank, 'rankOf'>,
  catalogue: Pick<Catalogue, 'listWords' | 'booksOf'>,
  listed: readonly ListedWord[],
): ExamList[] {
  const lists = exams.map((spec): ExamList => {
    const words = spec.category
      ? catalogue.listWords(spec.category).map((w) => w.word)
      : listed.filter((w) => spec.tag && w.tags.includes(spec.tag)).map((w) => w.word);
    const ranks = words
      .map((w) => bank.rankOf(w.toLowerCase()))
      .filter((r): r is number => r !== undefined)
      .sort((a, b) => a - b);
    const threshold = ranks.length ? ranks[Math.min(ranks.length - 1, Math.floor(coverageForLevel * ranks.length))] : 0;
    const book = spec.category ? catalogue.booksOf(spec.category).find((b) => b.type === 'word') : undefined;
    return {
      ...spec,
      words: words.length,
      threshold,
      histogram: rankHistogram(ranks),
      ...(book ? { book: { id: book.id, name: book.name, items: book.items } } : {}),
    };
  });
  return lists.sort((a, b) => a.threshold - b.threshold);
}

export type LevelStanding = AssessmentLevel;

export function standings(lists: readonly ExamList[], size: number, observations: readonly Observation[]): LevelStanding[] {
  return lists.map((l) => ({
    exam: l.exam,
    label: l.label,
    category: l.category ?? null,
    threshold: l.threshold,
    coverage: Math.round(knownShareOfHistogram(observations, l.histogram) * 100) / 100,
    reached: l.threshold > 0 && size >= l.threshold,
  }));
}

/** A book to start with, and why (in Chinese). */
export type Recommendation = AssessmentResult['recommendations'][number];

/**
 * The books to start with: the word book of the first exam not reached (what to learn next), then
 * the one after it; a learner past every exam with a book gets the hardest book to keep up.
 */
export function recommend(lists: readonly ExamList[], levels: readonly LevelStanding[]): Recommendation[] {
  const withBook = lists.filter((l) => l.book && l.category);
  const coverage = new Map(levels.map((l) => [l.exam, l.coverage]));
  const next = withBook.filter((l) => !levels.find((s) => s.exam === l.exam)?.reached);
  const picks = next.length ? next.slice(0, 2) : withBook.slice(-1);
  return picks.map((l, i) => {
    const known = Math.round((coverage.get(l.exam) ?? 0) * 100);
    const unknown = Math.max(0, Math.round(l.words * (1 - (coverage.get(l.exam) ?? 0))));
    const reason =
      next.length === 0
        ? `你已达到各考试词表的水平，可用《${l.book!.name}》查漏补缺`
        : i === 0
          ? `下一个目标：你约认识其中 ${known}% 的词，还有约 ${unknown} 个要学`
          : `之后的目标：约认识 ${known}%`;
    return { category: l.category!, book_id: l.book!.id, name: l.book!.name, items: l.book!.items, reason };
  });
}
