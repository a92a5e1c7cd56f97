import type { CourseType, UnitProgress } from '@/lib/contract/calls/courses';

/** What the course-book screens call things, in the learner's words. */

export const courseTypeLabels: Readonly<Record<CourseType, string>> = {
  word: '单词',
  sentence: '句子',
  reading: '阅读',
  'reading-question': '试卷阅读理解',
};

/** The counting word of a book's items: 个单词, 个句子, 篇文章, 套试卷. */
const itemUnits: Readonly<Record<CourseType, string>> = {
  word: '个单词',
  sentence: '个句子',
  reading: '篇短文',
  'reading-question': '套试卷',
};

export function itemCount(type: CourseType, items: number): string {
  return `${items.toLocaleString('zh-CN')} ${itemUnits[type]}`;
}

/** A unit's state as its row shows it. */
export function progressLabel(progress: UnitProgress | null, items: number): string {
  if (!progress) return '未开始';
  if (progress.done) return '已完成';
  return `学到第 ${Math.min(progress.position + 1, Math.max(items, 1))} / ${items}`;
}

/** The counting word of one unit's items: its words, sentences (a passage's too) or questions. */
const unitItemUnits: Readonly<Record<CourseType, string>> = {
  word: '个单词',
  sentence: '个句子',
  reading: '句',
  'reading-question': '道题',
};

export function unitItemCount(type: CourseType, items: number): string {
  return `${items.toLocaleString('zh-CN')} ${unitItemUnits[type]}`;
}
