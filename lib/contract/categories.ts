/**
 * The content categories (spec sections 2 and 7), once for every layer: the contract's paths
 * and enums, the upstream's course books and assessment, the site's menus, list pages and
 * labels all read this table. Its order is the menu's: the exams and levels, then the reading
 * shelves, 试卷 (模拟卷 and imported 真题), then the lists that have pages of their own.
 *
 * `courseBook`: `/aiBook/{category}` serves it (the exam and level books, and 真题 reached from
 * the old `/zhenti` address). The fixed words under /aiBook (`word`, `sentence`, `reading`,
 * `detail`, `class`…) are deliberately not course-book categories.
 */
const categoryTable = {
  postgraduate: { label: '考研', courseBook: true },
  primary_school: { label: '小学', courseBook: true },
  junior_high_school: { label: '中考', courseBook: true },
  high_school: { label: '高考', courseBook: true },
  cet4: { label: '四级', courseBook: true },
  cet6: { label: '六级', courseBook: true },
  ielts: { label: '雅思', courseBook: true },
  new_concept_english: { label: '新概念', courseBook: true },
  sentence: { label: '句库', courseBook: false },
  essay: { label: '短文', courseBook: false },
  bookworm: { label: '书虫', courseBook: false },
  classic: { label: '经典', courseBook: false },
  word: { label: '单词', courseBook: false },
  paper: { label: '试卷', courseBook: true },
  news: { label: '新闻', courseBook: false },
  short_story: { label: '短篇故事', courseBook: false },
  reading: { label: '阅读', courseBook: false },
  listening: { label: '听力', courseBook: false },
} as const satisfies Record<string, { label: string; courseBook: boolean }>;

type Table = typeof categoryTable;
export type ContentCategory = keyof Table;
export type CourseBookCategory = { [C in ContentCategory]: Table[C]['courseBook'] extends true ? C : never }[ContentCategory];

/** Only known categories are routable, so a content path can never shadow another call. */
export const contentCategories = Object.keys(categoryTable) as readonly ContentCategory[];

export const courseBookCategories = contentCategories.filter(
  (c): c is CourseBookCategory => categoryTable[c].courseBook,
) as readonly CourseBookCategory[];

const labelsOf = <C extends ContentCategory>(list: readonly C[]) =>
  Object.fromEntries(list.map((c) => [c, categoryTable[c].label])) as Readonly<Record<C, string>>;

/** The categories' names as learners see them (the menu, the lists, the breadcrumbs). */
export const categoryLabels = labelsOf(contentCategories);
export const courseBookLabels = labelsOf(courseBookCategories);

// Sets, not `value in table`: 'constructor' or '__proto__' must not pass.
const contentSet: ReadonlySet<string> = new Set(contentCategories);
const courseBookSet: ReadonlySet<string> = new Set(courseBookCategories);

export function isContentCategory(value: unknown): value is ContentCategory {
  return typeof value === 'string' && contentSet.has(value);
}

export function isCourseBookCategory(value: unknown): value is CourseBookCategory {
  return typeof value === 'string' && courseBookSet.has(value);
}
