import { describe, expect, it } from 'vitest';
import {
  categoryLabels,
  contentCategories,
  courseBookCategories,
  courseBookLabels,
  isContentCategory,
  isCourseBookCategory,
} from './categories';

describe('course-book categories', () => {
  it('accepts the exam and level books and the exam papers', () => {
    for (const c of [
      'paper',
      'postgraduate',
      'primary_school',
      'junior_high_school',
      'high_school',
      'cet4',
      'cet6',
      'ielts',
      'new_concept_english',
    ]) {
      expect(isCourseBookCategory(c), c).toBe(true);
    }
  });

  it('refuses the fixed words under /aiBook, other content and odd values', () => {
    for (const c of [
      'word',
      'sentence',
      'reading',
      'reading-question',
      'detail',
      'class',
      'essay',
      'CET4',
      '',
      'constructor',
      '__proto__',
      'toString',
    ]) {
      expect(isCourseBookCategory(c), c).toBe(false);
    }
    expect(isCourseBookCategory(undefined)).toBe(false);
    expect(isCourseBookCategory(4)).toBe(false);
  });

  it('labels each one in Chinese', () => {
    expect(courseBookLabels).toEqual({
      postgraduate: '考研',
      primary_school: '小学',
      junior_high_school: '中考',
      high_school: '高考',
      cet4: '四级',
      cet6: '六级',
      ielts: '雅思',
      new_concept_english: '新概念',
      paper: '试卷',
    });
    expect(Object.keys(courseBookLabels)).toEqual([...courseBookCategories]);
  });

  it('are all content categories of the contract', () => {
    for (const c of courseBookCategories) expect(contentCategories).toContain(c);
  });

  it("keep the table's order, the menu's", () => {
    expect(courseBookCategories).toEqual(contentCategories.filter((c) => c in courseBookLabels));
    expect(contentCategories.slice(0, 3)).toEqual(['postgraduate', 'primary_school', 'junior_high_school']);
  });
});

describe('content categories', () => {
  it('name every category, and know nothing else', () => {
    for (const c of contentCategories) {
      expect(isContentCategory(c), c).toBe(true);
      expect(categoryLabels[c], c).toMatch(/\p{Script=Han}/u);
    }
    for (const c of ['', 'constructor', '__proto__', 'News', 'me', undefined, 4])
      expect(isContentCategory(c), String(c)).toBe(false);
  });
});
