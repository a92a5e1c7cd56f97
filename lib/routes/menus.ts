import { type ContentCategory, categoryLabels, courseBookLabels, type CourseBookCategory } from '@/lib/contract/categories';
import { defaultCoursePageSize } from '@/lib/contract/course-terms';
import { frequentWordsHref } from './course-links';
import type { Menu, MenuItem } from './menu';
import { addressRule, type PathRule } from './path-match';
import type { MenuKey } from './chrome';
import { browserPattern, matchRoute, pathFor, type RouteName } from './route-table';

/**
 * The navigation menu of spec section 2 as data. Every href is a route of the table (a test
 * holds that), so the menu can never link to a not-found page:
 * - exam and level books → `/aiBook/{category}`, the course-book page;
 * - sentence 句库, essay 短文, bookworm 书虫, classic 经典 → `/{product}`, the product index,
 *   because each is a content category with its own index rather than a course book or a
 *   reading-list filter;
 * - word 单词 → `/Words` (the word book); me 我的 → `/Admin` (the personal centre);
 * - 工具: the tools a learner would otherwise only find by address (the writer, the vocabulary
 *   test, photo to text, book upload, the exam's frequent words, review), also listed on the home
 *   page (toolItems).
 */

interface ItemDef {
  readonly key: string;
  readonly label: string;
  readonly href: string;
  /** Other routes that belong to this item, e.g. the word book's variants under 单词. */
  readonly alsoActiveOn?: readonly RouteName[];
  /** Other addresses that belong to this item, e.g. an exam's reading index `/cet4` under 四级. */
  readonly alsoActiveAt?: readonly string[];
}

/** An address of the menu as the browser matches it; one that is no page is a programming error. */
function pageRule(href: string): PathRule {
  const rule = matchRoute(new URL(href, 'http://menu.invalid').pathname) && addressRule(href);
  if (!rule) throw new Error(`menu: ${href} is not a page`);
  return rule;
}

/**
 * A menu item with the patterns that light it besides its href. An address's segments fit
 * exactly the paths that name the same route with the same params; a route of `alsoActiveOn`
 * lights on all of its paths. Exported for tests that build menus of their own.
 */
export function menuItem({ alsoActiveOn = [], alsoActiveAt = [], ...item }: ItemDef): MenuItem {
  pageRule(item.href);
  return {
    kind: 'item',
    ...item,
    alsoLit: [...alsoActiveAt.map(pageRule), ...alsoActiveOn.map((name) => ({ pattern: browserPattern(name), query: [] }))],
  };
}

function courseBook(category: CourseBookCategory): MenuItem {
  return menuItem({
    key: category,
    label: courseBookLabels[category],
    href: pathFor('aiBookCategory', { category }),
    // The category's reading index (/{product}) is the same exam's.
    alsoActiveAt: [pathFor('index', { product: category })],
  });
}

function product(category: ContentCategory): MenuItem {
  return menuItem({ key: category, label: categoryLabels[category], href: pathFor('index', { product: category }) });
}

/** The learner's tools, in the menu's 工具 group and on the home page. */
export const toolItems: readonly MenuItem[] = [
  menuItem({ key: 'dictionary', label: '语境查词', href: pathFor('ContextualDict') }),
  menuItem({ key: 'analysis', label: '句子分析', href: pathFor('chatSentence') }),
  // Photo to text is the dictionary's own picker: the anchor takes the reader to it.
  menuItem({ key: 'photo', label: '拍照识字', href: `${pathFor('ContextualDict')}#photo-text` }),
  menuItem({ key: 'writer', label: '写作助手', href: pathFor('writer') }),
  menuItem({ key: 'assessment', label: '词汇量测试', href: pathFor('assessment') }),
  menuItem({
    key: 'frequent',
    label: '考试高频词',
    href: frequentWordsHref({ subcategory: 'cet4', wordType: 'word', page: 1, pageSize: defaultCoursePageSize }),
    alsoActiveOn: ['frequentWords'],
  }),
  menuItem({ key: 'upload', label: '上传书籍', href: pathFor('uploadBook'), alsoActiveOn: ['myBook'] }),
  menuItem({ key: 'review', label: '复习', href: pathFor('review'), alsoActiveOn: ['reviewStats'] }),
];

export const defaultMenu: Menu = [
  courseBook('postgraduate'),
  courseBook('primary_school'),
  courseBook('junior_high_school'),
  courseBook('high_school'),
  courseBook('cet4'),
  courseBook('cet6'),
  courseBook('ielts'),
  courseBook('new_concept_english'),
  product('sentence'),
  product('essay'),
  { kind: 'group', key: 'tools', label: '工具', items: toolItems },
  {
    kind: 'group',
    key: 'more',
    label: '更多',
    items: [
      product('bookworm'),
      product('classic'),
      menuItem({
        key: 'word',
        label: categoryLabels.word,
        href: pathFor('Words'),
        alsoActiveOn: ['WordsForContextualDict', 'WordsForCourse'],
      }),
      menuItem({ key: 'me', label: '我的', href: pathFor('Admin'), alsoActiveOn: ['Profil'] }),
    ],
  },
];

export const menus: Readonly<Record<MenuKey, Menu>> = { default: defaultMenu };
