import { type ContentCategory, categoryLabels, contentCategories } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';

/*
 * The page that lists each category (the categories themselves, their names and blurbs, are the
 * contract's: lib/contract/categories.ts). News, short stories, the reading and the listening
 * lists have list pages of their own; every other category lists on `/{product}` (spec section
 * 2), so a document has exactly one list page and the sitemap never names two addresses for one
 * list.
 */

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
