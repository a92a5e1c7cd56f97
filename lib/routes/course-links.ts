import { courseTypes, frequentWordTypes, maxCoursePageSize, type CourseType } from '@/lib/contract/course-terms';
import { isCourseBookCategory, type CourseBookCategory } from '@/lib/contract/categories';

/**
 * How the course-book screens address a book and a unit. The spec's routes carry only the book's
 * type (`/aiBook/{type}/detail`, `/aiBook/{type}/class`), so the rest is in the query:
 *
 *   /aiBook/word/detail?category=cet4            the book `cet4-word` (its first level)
 *   /aiBook/word/detail?category=cet4&level=3    its level 3
 *   /aiBook/word/class?category=cet4&unit=12     unit 12 of `cet4-word`, resumed where the
 *                                                learner stopped
 *
 * A course id is `{category}-{type}` (lib/contract/calls/courses.ts), so category and type name
 * a book exactly; anything else in the address is not a book (404).
 */

export interface CourseAddress {
  category: CourseBookCategory;
  type: CourseType;
}

export type CourseSearchParams = Readonly<Record<string, string | readonly string[] | undefined>>;

const typeSet: ReadonlySet<string> = new Set(courseTypes);

export function isCourseType(value: unknown): value is CourseType {
  return typeof value === 'string' && typeSet.has(value);
}

export function courseIdOf({ category, type }: CourseAddress): string {
  return `${category}-${type}`;
}

/** The book a course id names (`cet4-reading-question`), or null when it names none. */
export function parseCourseId(id: string): CourseAddress | null {
  // The longest type first: `reading-question` also ends in a type's name after a dash.
  for (const type of [...courseTypes].sort((a, b) => b.length - a.length)) {
    const category = id.endsWith(`-${type}`) ? id.slice(0, -type.length - 1) : undefined;
    if (isCourseBookCategory(category)) return { category, type };
  }
  return null;
}

function single(params: CourseSearchParams, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : value?.[0];
}

/** A positive whole number from the address: undefined when absent, null when it is not one. */
function positive(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  return /^[1-9]\d{0,6}$/.test(value) ? Number(value) : null;
}

/** The book an address names: the route's type and `?category=`; null when either is unknown. */
export function parseCourseAddress(type: string, params: CourseSearchParams): CourseAddress | null {
  const category = single(params, 'category');
  if (!isCourseType(type) || !isCourseBookCategory(category)) return null;
  return { category, type };
}

/** A book's unit list, and the level it opens on (the first when absent); null for a bad level. */
export function parseDetailAddress(
  type: string,
  params: CourseSearchParams,
): (CourseAddress & { level: number | undefined }) | null {
  const book = parseCourseAddress(type, params);
  const level = positive(single(params, 'level'));
  if (!book || level === null) return null;
  return { ...book, level };
}

/** A lesson: the book and the unit (required). */
export function parseLessonAddress(type: string, params: CourseSearchParams): (CourseAddress & { unit: number }) | null {
  const book = parseCourseAddress(type, params);
  const unit = positive(single(params, 'unit'));
  if (!book || unit === null || unit === undefined) return null;
  return { ...book, unit };
}

export function courseDetailHref(book: CourseAddress, level?: number): string {
  const query = new URLSearchParams({ category: book.category });
  if (level !== undefined && level > 1) query.set('level', String(level));
  return `/aiBook/${book.type}/detail?${query}`;
}

export function lessonHref(book: CourseAddress, unit: number): string {
  return `/aiBook/${book.type}/class?${new URLSearchParams({ category: book.category, unit: String(unit) })}`;
}

export function courseCategoryHref(category: CourseBookCategory): string {
  return `/aiBook/${category}`;
}

// ---- /frequentWords/{subcategory}/{wordType}/{page}/{pageSize} ---------------------------------

export type FrequentWordType = (typeof frequentWordTypes)[number];

export const frequentWordTypeLabels: Readonly<Record<FrequentWordType, string>> = {
  word: '全部单词',
  noun: '名词',
  verb: '动词',
  adjective: '形容词',
  adverb: '副词',
};

export interface FrequentWordsAddress {
  subcategory: CourseBookCategory;
  wordType: FrequentWordType;
  page: number;
  pageSize: number;
}

export function frequentWordsHref({ subcategory, wordType, page, pageSize }: FrequentWordsAddress): string {
  return `/frequentWords/${subcategory}/${wordType}/${page}/${pageSize}`;
}

const frequentTypeSet: ReadonlySet<string> = new Set(frequentWordTypes);

/**
 * The address's four segments, or null when any is not one the list has: an unknown category or
 * word type, a page or page size that is not a plain positive number (no '01', no '2.0'), or a
 * page size past the contract's bound. The list's address is then a 404, never a guess.
 */
export function parseFrequentWordsAddress(segments: {
  subcategory: string;
  wordType: string;
  page: string;
  pageSize: string;
}): FrequentWordsAddress | null {
  const page = positive(segments.page);
  const pageSize = positive(segments.pageSize);
  if (!isCourseBookCategory(segments.subcategory) || !frequentTypeSet.has(segments.wordType)) return null;
  if (!page || page > 100_000 || !pageSize || pageSize > maxCoursePageSize) return null;
  return { subcategory: segments.subcategory, wordType: segments.wordType as FrequentWordType, page, pageSize };
}
