import type { ContentCategory } from '@/lib/contract/content';
import { courseBookLabels } from '@/lib/routes/course-books';
import { pathFor } from '@/lib/routes/route-table';

/*
 * The reading side's categories as learners see them: the name, one line on what is in it, and
 * the page that lists it. The menu's products (spec section 2) list on `/{product}`; news, short
 * stories, the reading and the listening lists have list pages of their own, so a document has
 * exactly one list page and the sitemap never names two addresses for one list.
 */

/** The `/{product}` pages: the menu's fourteen, and 真题 (a content category with no other list page). */
export const productNames = [
  'postgraduate',
  'primary_school',
  'junior_high_school',
  'high_school',
  'cet4',
  'cet6',
  'ielts',
  'new_concept_english',
  'sentence',
  'essay',
  'bookworm',
  'classic',
  'word',
  'me',
  'paper',
] as const;
export type ProductName = (typeof productNames)[number];

/** The products whose page lists documents of the category of the same name ('me' is the learner's own). */
export type ProductCategory = Exclude<ProductName, 'me'>;

const productSet: ReadonlySet<string> = new Set(productNames);

/** A Set, so 'constructor' or '__proto__' never pass as a product. */
export function isKnownProduct(value: string): value is ProductName {
  return productSet.has(value);
}

export const categoryLabels: Readonly<Record<ContentCategory, string>> = {
  ...courseBookLabels,
  sentence: '句库',
  essay: '短文',
  bookworm: '书虫',
  classic: '经典',
  word: '单词',
  news: '新闻',
  short_story: '短篇故事',
  reading: '阅读',
  listening: '听力',
};

export const productLabels: Readonly<Record<ProductName, string>> = { ...categoryLabels, me: '我的' };

export const categoryBlurbs: Readonly<Record<ContentCategory, string>> = {
  postgraduate: '考研英语的阅读材料，按难度排列。',
  primary_school: '小学英语的课文与读物。',
  junior_high_school: '中考英语的课文与阅读。',
  high_school: '高考英语的课文与阅读。',
  cet4: '大学英语四级的阅读材料。',
  cet6: '大学英语六级的阅读材料。',
  ielts: '雅思阅读材料。',
  new_concept_english: '新概念英语的课文。',
  sentence: '可逐句查词、分析的英文句子。',
  essay: '短小的英文文章。',
  bookworm: '分级读物，从易到难。',
  classic: '公有领域的英文经典名著，逐词可查。',
  word: '按考试和词频整理的词汇材料。',
  paper: '历年考试真题。',
  news: '英文新闻，来自运营者配置的订阅源。',
  short_story: '英文短篇故事。',
  reading: '英文阅读文章。',
  listening: '可逐句播放的英文听力文章。',
};

/** The categories that have a list page of their own rather than a `/{product}` page. */
const listPageOf = {
  news: 'ReadNewsList',
  short_story: 'ShortStoryList',
  reading: 'readingList',
  listening: 'listeningList',
} as const satisfies Partial<Record<ContentCategory, string>>;

/** The page that lists a category's documents. */
export function categoryHref(category: ContentCategory): string {
  if (Object.hasOwn(listPageOf, category)) return pathFor(listPageOf[category as keyof typeof listPageOf]);
  return pathFor('index', { product: category });
}
