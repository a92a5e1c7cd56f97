/**
 * The content categories (spec sections 2 and 7), once for every layer: the contract's paths
 * and enums, the upstream's course books and assessment, the site's menus, list pages and
 * labels all read this table. Its order is the menu's: the exams and levels, then the reading
 * shelves, 真题, then the lists that have pages of their own.
 *
 * `courseBook`: `/aiBook/{category}` serves it (the exam and level books, and 真题 reached from
 * the old `/zhenti` address). The fixed words under /aiBook (`word`, `sentence`, `reading`,
 * `detail`, `class`…) are deliberately not course-book categories.
 */
const categoryTable = {
  postgraduate: { label: '考研', courseBook: true, blurb: '考研英语的阅读材料，按难度排列。' },
  primary_school: { label: '小学', courseBook: true, blurb: '小学英语的课文与读物。' },
  junior_high_school: { label: '中考', courseBook: true, blurb: '中考英语的课文与阅读。' },
  high_school: { label: '高考', courseBook: true, blurb: '高考英语的课文与阅读。' },
  cet4: { label: '四级', courseBook: true, blurb: '大学英语四级的阅读材料。' },
  cet6: { label: '六级', courseBook: true, blurb: '大学英语六级的阅读材料。' },
  ielts: { label: '雅思', courseBook: true, blurb: '雅思阅读材料。' },
  new_concept_english: { label: '新概念', courseBook: true, blurb: '新概念英语的课文。' },
  sentence: { label: '句库', courseBook: false, blurb: '可逐句查词、分析的英文句子。' },
  essay: { label: '短文', courseBook: false, blurb: '短小的英文文章。' },
  bookworm: { label: '书虫', courseBook: false, blurb: '分级读物，从易到难。' },
  classic: { label: '经典', courseBook: false, blurb: '公有领域的英文经典名著，逐词可查。' },
  word: { label: '单词', courseBook: false, blurb: '按考试和词频整理的词汇材料。' },
  paper: { label: '真题', courseBook: true, blurb: '历年考试真题。' },
  news: { label: '新闻', courseBook: false, blurb: '英文新闻，来自运营者配置的订阅源。' },
  short_story: { label: '短篇故事', courseBook: false, blurb: '英文短篇故事。' },
  reading: { label: '阅读', courseBook: false, blurb: '英文阅读文章。' },
  listening: { label: '听力', courseBook: false, blurb: '可逐句播放的英文听力文章。' },
} as const satisfies Record<string, { label: string; courseBook: boolean; blurb: string }>;

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

/** One line on what a category holds, under its name on the list pages. */
export const categoryBlurbs = Object.fromEntries(contentCategories.map((c) => [c, categoryTable[c].blurb])) as Readonly<
  Record<ContentCategory, string>
>;

// Sets, not `value in table`: 'constructor' or '__proto__' must not pass.
const contentSet: ReadonlySet<string> = new Set(contentCategories);
const courseBookSet: ReadonlySet<string> = new Set(courseBookCategories);

export function isContentCategory(value: unknown): value is ContentCategory {
  return typeof value === 'string' && contentSet.has(value);
}

export function isCourseBookCategory(value: unknown): value is CourseBookCategory {
  return typeof value === 'string' && courseBookSet.has(value);
}
