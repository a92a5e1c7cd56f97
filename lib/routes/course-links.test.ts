import { describe, expect, it } from 'vitest';
import {
  courseDetailHref,
  courseIdOf,
  frequentWordsHref,
  lessonHref,
  parseCourseId,
  parseDetailAddress,
  parseFrequentWordsAddress,
  parseLessonAddress,
} from './course-links';

describe('course-book addresses', () => {
  it('names a book by its type in the path and its category in the query', () => {
    const book = { category: 'cet4', type: 'word' } as const;
    expect(courseIdOf(book)).toBe('cet4-word');
    expect(parseCourseId('cet4-word')).toEqual(book);
    expect(parseCourseId('cet4-reading-question')).toEqual({ category: 'cet4', type: 'reading-question' });
    expect(parseCourseId('junior_high_school-reading')).toEqual({ category: 'junior_high_school', type: 'reading' });
    for (const id of ['cet4', 'cet4-word-1', 'nowhere-word', '-word', 'cet4-question']) expect(parseCourseId(id), id).toBeNull();
    expect(courseDetailHref(book)).toBe('/aiBook/word/detail?category=cet4');
    expect(courseDetailHref(book, 1)).toBe('/aiBook/word/detail?category=cet4');
    expect(courseDetailHref(book, 3)).toBe('/aiBook/word/detail?category=cet4&level=3');
    expect(lessonHref({ category: 'paper', type: 'reading-question' }, 2)).toBe(
      '/aiBook/reading-question/class?category=paper&unit=2',
    );
  });

  it('reads back what it writes', () => {
    expect(parseDetailAddress('word', { category: 'cet4', level: '3' })).toEqual({ category: 'cet4', type: 'word', level: 3 });
    expect(parseDetailAddress('sentence', { category: 'ielts' })).toEqual({
      category: 'ielts',
      type: 'sentence',
      level: undefined,
    });
    expect(parseLessonAddress('reading', { category: 'paper', unit: '12' })).toEqual({
      category: 'paper',
      type: 'reading',
      unit: 12,
    });
  });

  it('refuses unknown types and categories, and units or levels that are not positive numbers', () => {
    expect(parseDetailAddress('words', { category: 'cet4' })).toBeNull();
    expect(parseDetailAddress('word', { category: 'essay' })).toBeNull();
    expect(parseDetailAddress('word', {})).toBeNull();
    expect(parseDetailAddress('word', { category: 'cet4', level: '0' })).toBeNull();
    expect(parseLessonAddress('word', { category: 'cet4' })).toBeNull();
    for (const unit of ['0', '-1', '1.5', 'x', '01', '']) {
      expect(parseLessonAddress('word', { category: 'cet4', unit }), unit).toBeNull();
    }
    expect(parseLessonAddress('word', { category: ['cet4', 'cet6'], unit: ['2', '3'] })).toEqual({
      category: 'cet4',
      type: 'word',
      unit: 2,
    });
  });

  it('parses the frequent-words path strictly', () => {
    const ok = { subcategory: 'cet4', wordType: 'noun', page: '2', pageSize: '50' };
    expect(parseFrequentWordsAddress(ok)).toEqual({ subcategory: 'cet4', wordType: 'noun', page: 2, pageSize: 50 });
    expect(frequentWordsHref({ subcategory: 'cet4', wordType: 'noun', page: 2, pageSize: 50 })).toBe(
      '/frequentWords/cet4/noun/2/50',
    );
    expect(parseFrequentWordsAddress({ ...ok, subcategory: 'essay' })).toBeNull();
    expect(parseFrequentWordsAddress({ ...ok, wordType: 'pronoun' })).toBeNull();
    expect(parseFrequentWordsAddress({ ...ok, page: '0' })).toBeNull();
    expect(parseFrequentWordsAddress({ ...ok, page: '02' })).toBeNull();
    expect(parseFrequentWordsAddress({ ...ok, pageSize: '101' })).toBeNull();
    expect(parseFrequentWordsAddress({ ...ok, pageSize: 'all' })).toBeNull();
  });
});
