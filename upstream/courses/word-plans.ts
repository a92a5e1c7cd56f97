import { courseBookLabels, type CourseBookCategory } from '../../lib/contract/categories';
import { wordLevel } from '../reading/profile';
import type { ListedWord } from './sources';
import { byFrequencyRank } from './units';

/*
 * What each category's word book is made of, and in what order an exam's words come: the words
 * the exam adds first, by their weight in its material, then the earlier stages to review.
 */

/** How a category's word list is chosen from the dictionary's lists. */
export interface WordPlan {
  name: string;
  description: string;
  pick: (w: ListedWord) => boolean;
  /** Keep only the commonest this many. */
  limit?: number;
  /**
   * An exam's list: its units start with the words the exam adds (those of its own level), by
   * their weight in the exam's material, and go on down the levels below. Otherwise commonest first.
   */
  exam?: string;
}

/** What each category's books are made of; `level` is the hardest difficulty its graded books reach. */
export const plans: Record<Exclude<CourseBookCategory, 'paper'>, { words: WordPlan; level: number }> = {
  primary_school: {
    level: 1,
    words: {
      name: '小学常用词',
      description: '小学没有统一的考纲词表：取中考词汇中最常用的 800 个，按常用程度排序',
      pick: (w) => w.tags.includes('zk') && w.rank > 0,
      limit: 800,
    },
  },
  junior_high_school: { level: 1, words: tagPlan('zk', '中考词汇', '中考') },
  high_school: { level: 2, words: tagPlan('gk', '高考词汇', '高考') },
  cet4: { level: 3, words: tagPlan('cet4', '四级词汇', '大学英语四级') },
  cet6: { level: 4, words: tagPlan('cet6', '六级词汇', '大学英语六级') },
  postgraduate: { level: 5, words: tagPlan('ky', '考研词汇', '考研') },
  ielts: { level: 5, words: tagPlan('ielts', '雅思词汇', '雅思') },
  new_concept_english: {
    level: 4,
    words: {
      name: '牛津3000核心词',
      description: '新概念英语教材受版权保护，未收录；词书为牛津 3000 核心词，按常用程度排序',
      pick: (w) => w.oxford,
    },
  },
};

function tagPlan(tag: string, name: string, exam: string): WordPlan {
  return {
    name,
    description: `${exam}考纲词汇：先学${exam}阶段新增的词（在${exam}阅读和模拟卷中出现越多越靠前），再复习之前阶段的词`,
    pick: (w) => w.tags.includes(tag),
    exam,
  };
}

/** The stage each word level belongs to, as a word book's review levels name it. */
export const stageNames = ['中考', '高考', '四级', '六级', '考研'];

/** A run of a word book: an exam's new words, or an earlier stage's to review. */
export interface StageGroup {
  /** '' for a book that is one run (commonest first). */
  name: string;
  /** The word level of its words (0 for a single run). */
  level: number;
  words: ListedWord[];
}

/**
 * An exam's list by stage: the words of the exam's own level (what it adds to the stages before
 * it), those that weigh most in the exam's material first, then by how common they are; then each
 * level below, hardest first. `weight`: each lemma's occurrences in the exam's material.
 */
export function stageGroups(
  category: Exclude<CourseBookCategory, 'paper'>,
  list: readonly ListedWord[],
  weight: ReadonlyMap<string, number>,
): StageGroup[] {
  const plan = plans[category];
  const byLevel = new Map<number, ListedWord[]>();
  for (const w of list) {
    const level = Math.min(wordLevel(w), plan.level);
    const group = byLevel.get(level) ?? [];
    byLevel.set(level, group);
    group.push(w);
  }
  const order = (a: ListedWord, b: ListedWord) =>
    (weight.get(b.word.toLowerCase()) ?? 0) - (weight.get(a.word.toLowerCase()) ?? 0) || byFrequencyRank(a, b);
  return [...byLevel]
    .sort(([a], [b]) => b - a)
    .map(([level, words]) => ({
      name: level === plan.level ? `${courseBookLabels[category]}新增词` : `复习：${stageNames[level - 1]}阶段词`,
      level,
      words: words.sort(order),
    }));
}
