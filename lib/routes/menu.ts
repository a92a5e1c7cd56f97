import { type ContentCategory, categoryLabels, courseBookLabels, type CourseBookCategory } from '@/lib/contract/categories';
import { defaultCoursePageSize } from '@/lib/contract/course-terms';
import { frequentWordsHref } from './course-links';
import { pathFor, type MenuKey, type RouteName } from './route-table';

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

export interface MenuItem {
  readonly kind: 'item';
  readonly key: string;
  readonly label: string;
  readonly href: string;
  /** Other routes that belong to this item, e.g. the word book's variants under 单词. */
  readonly alsoActiveOn?: readonly RouteName[];
  /** Other addresses that belong to this item, e.g. an exam's reading index `/cet4` under 四级. */
  readonly alsoActiveAt?: readonly string[];
}

export interface MenuGroup {
  readonly kind: 'group';
  readonly key: string;
  readonly label: string;
  readonly items: readonly MenuItem[];
}

export type MenuEntry = MenuItem | MenuGroup;
export type Menu = readonly MenuEntry[];

function courseBook(category: CourseBookCategory): MenuItem {
  return {
    kind: 'item',
    key: category,
    label: courseBookLabels[category],
    href: pathFor('aiBookCategory', { category }),
    // The category's reading index (/{product}) is the same exam's.
    alsoActiveAt: [pathFor('index', { product: category })],
  };
}

function product(category: ContentCategory): MenuItem {
  return { kind: 'item', key: category, label: categoryLabels[category], href: pathFor('index', { product: category }) };
}

/** The learner's tools, in the menu's 工具 group and on the home page. */
export const toolItems: readonly MenuItem[] = [
  { kind: 'item', key: 'dictionary', label: '语境查词', href: pathFor('ContextualDict') },
  { kind: 'item', key: 'analysis', label: '句子分析', href: pathFor('chatSentence') },
  // Photo to text is the dictionary's own picker: the anchor takes the reader to it.
  { kind: 'item', key: 'photo', label: '拍照识字', href: `${pathFor('ContextualDict')}#photo-text` },
  { kind: 'item', key: 'writer', label: '写作助手', href: pathFor('writer') },
  { kind: 'item', key: 'assessment', label: '词汇量测试', href: pathFor('assessment') },
  {
    kind: 'item',
    key: 'frequent',
    label: '考试高频词',
    href: frequentWordsHref({ subcategory: 'cet4', wordType: 'word', page: 1, pageSize: defaultCoursePageSize }),
    alsoActiveOn: ['frequentWords'],
  },
  { kind: 'item', key: 'upload', label: '上传书籍', href: pathFor('uploadBook'), alsoActiveOn: ['myBook'] },
  { kind: 'item', key: 'review', label: '复习', href: pathFor('review'), alsoActiveOn: ['reviewStats'] },
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
      {
        kind: 'item',
        key: 'word',
        label: categoryLabels.word,
        href: pathFor('Words'),
        alsoActiveOn: ['WordsForContextualDict', 'WordsForCourse'],
      },
      { kind: 'item', key: 'me', label: '我的', href: pathFor('Admin'), alsoActiveOn: ['Profil'] },
    ],
  },
];

export const menus: Readonly<Record<MenuKey, Menu>> = { default: defaultMenu };

/** The menu set a route shows. */
export function menuFor(route: { menu?: MenuKey }): Menu {
  return menus[route.menu ?? 'default'];
}

/** Every item in display order, groups opened in place: the collapsed mobile menu. */
export function flattenMenu(menu: Menu): MenuItem[] {
  return menu.flatMap((entry) => (entry.kind === 'group' ? [...entry.items] : [entry]));
}
