import type { ContentCategory } from '@/lib/contract/content';

/**
 * The course-book categories that `/aiBook/{category}` serves (spec section 2). Anything else in
 * that segment goes to /NotFound, so this list is the guard. 'paper' (真题) is reached from the
 * old `/zhenti` address; the rest are the exam and level items of the navigation menu, in menu
 * order. Every one is also a content category of the contract, so a course book's files are
 * always fetchable.
 *
 * The fixed words under /aiBook (`word`, `sentence`, `reading`, `reading-question` of the class
 * routes, and `detail`, `class`) are deliberately not categories.
 */
export const courseBookCategories = [
  'postgraduate',
  'primary_school',
  'junior_high_school',
  'high_school',
  'cet4',
  'cet6',
  'ielts',
  'new_concept_english',
  'paper',
] as const satisfies readonly ContentCategory[];
export type CourseBookCategory = (typeof courseBookCategories)[number];

export const courseBookLabels: Readonly<Record<CourseBookCategory, string>> = {
  postgraduate: '考研',
  primary_school: '小学',
  junior_high_school: '中考',
  high_school: '高考',
  cet4: '四级',
  cet6: '六级',
  ielts: '雅思',
  new_concept_english: '新概念',
  paper: '真题',
};

// A Set, not `value in courseBookLabels`: 'constructor' or '__proto__' must not pass.
const categorySet: ReadonlySet<string> = new Set(courseBookCategories);

export function isCourseBookCategory(value: unknown): value is CourseBookCategory {
  return typeof value === 'string' && categorySet.has(value);
}
