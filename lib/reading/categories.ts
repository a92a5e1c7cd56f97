import { type ContentCategory, categoryLabels, contentCategories } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';

/*
 * The page that lists each category (the categories themselves, their names and blurbs, are the
 * contract's: lib/contract/categories.ts). News, short stories, the reading and the listening
 * lists have list pages of their own; every other category lists on `/{product}` (spec section
 * 2), so a document has exactly one list page and the sitemap never names two addresses for one
 * list.
 */

/**
 * One line on what a category holds, under its name on the list pages and in their description
 * (server-rendered only: the shell's menu, which needs the names, does not carry these).
 */
export const categoryBlurbs: Readonly<Record<ContentCategory, string>> = {
  postgraduate: '考研英语的阅读材料，按难度排列。',
  primary_school: '小学英语的课文与读物。',
  junior_high_school: '中考英语的课文与阅读。',
  high_school: '高考英语的课文与阅读。',
  cet4: '大学英语四级的阅读材料。',
  cet6: '大学英语六级的阅读材料。',
  ielts: '雅思阅读材料。',
  new_concept_english: '短小有趣的分级课文，从一百词到四百词。',
  sentence: '可逐句查词、分析的英文句子。',
  essay: '短小的英文文章。',
  bookworm: '分级读物，从易到难。',
  classic: '公有领域的英文经典名著，逐词可查。',
  word: '围绕一个话题学词汇的短文。',
  paper: '按各考试题型编写的模拟卷（以及导入的历年真题），可作答、评分并看解析。',
  news: '新闻体裁的英文报道。',
  short_story: '英文短篇故事。',
  reading: '英文阅读文章。',
  listening: '对话和独白，可逐句播放、跟读。',
};

/** The categories that have a list page of their own rather than a `/{product}` page. */
const listPageOf = {
  news: 'ReadNewsList',
  short_story: 'ShortStoryList',
  reading: 'readingList',
  listening: 'listeningList',
} as const satisfies Partial<Record<ContentCategory, string>>;

/** The products whose page lists documents of the category of the same name. */
export type ProductCategory = Exclude<ContentCategory, keyof typeof listPageOf>;
/** The `/{product}` pages: the menu's categories, 真题, and 'me' (the learner's own reading). */
export type ProductName = ProductCategory | 'me';

const hasListPage = (category: ContentCategory): category is keyof typeof listPageOf => Object.hasOwn(listPageOf, category);

export const productNames: readonly ProductName[] = [
  ...contentCategories.filter((c): c is ProductCategory => !hasListPage(c)),
  'me',
];

const productSet: ReadonlySet<string> = new Set(productNames);

/** A Set, so 'constructor' or '__proto__' never pass as a product. */
export function isKnownProduct(value: string): value is ProductName {
  return productSet.has(value);
}

export const productLabels: Readonly<Record<ProductName, string>> = { ...categoryLabels, me: '我的' };

/** The page that lists a category's documents. */
export function categoryHref(category: ContentCategory): string {
  if (hasListPage(category)) return pathFor(listPageOf[category]);
  return pathFor('index', { product: category });
}
