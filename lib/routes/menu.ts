import { type ContentCategory, categoryLabels, courseBookLabels, type CourseBookCategory } from '@/lib/contract/categories';
import { matchRoute, pathFor, type MenuKey, type RouteName, type RouteParams } from './route-table';

/**
 * The navigation menu of spec section 2 as data. Every href is a route of the table (a test
 * holds that), so the menu can never link to a not-found page:
 * - exam and level books → `/aiBook/{category}`, the course-book page;
 * - sentence 句库, essay 短文, bookworm 书虫, classic 经典 → `/{product}`, the product index,
 *   because each is a content category with its own index rather than a course book or a
 *   reading-list filter;
 * - word 单词 → `/Words` (the word book); me 我的 → `/Admin` (the personal centre).
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

export type SearchParamsLike = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface ActiveMenu {
  /** The highlighted item. */
  item: string;
  /** Its dropdown, highlighted too, when the item is inside one. */
  group?: string;
}

function firstValue(search: SearchParamsLike | undefined, key: string): string | undefined {
  if (!search) return undefined;
  if (search instanceof URLSearchParams) return search.get(key) ?? undefined;
  const value = Object.hasOwn(search, key) ? search[key] : undefined;
  return typeof value === 'string' ? value : value?.[0];
}

/**
 * An item is active when the current route is the one its href names, with the same params,
 * and with every query value the href carries (or so for one of its `alsoActiveAt` addresses); or
 * when the route is one of its `alsoActiveOn`.
 * So /aiBook/cet4 and /cet4 light 四级, /bookworm lights 书虫 and 更多, and /aiBook/paper lights nothing.
 */
function isActive(item: MenuItem, name: RouteName, params: RouteParams, search?: SearchParamsLike): boolean {
  if (item.alsoActiveOn?.includes(name)) return true;
  return [item.href, ...(item.alsoActiveAt ?? [])].some((href) => isAt(href, name, params, search));
}

/** Whether the current route is the one `href` names, with its params and every query value it carries. */
function isAt(href: string, name: RouteName, params: RouteParams, search?: SearchParamsLike): boolean {
  const url = new URL(href, 'http://menu.invalid');
  const target = matchRoute(url.pathname);
  if (!target || target.route.name !== name) return false;
  for (const [key, value] of Object.entries(target.params)) if (params[key] !== value) return false;
  for (const [key, value] of url.searchParams) if (firstValue(search, key) !== value) return false;
  return true;
}

/** Which item (and group) to highlight for the current route; null when none belongs to it. */
export function activeMenuKey(
  name: RouteName,
  params: RouteParams = {},
  searchParams?: SearchParamsLike,
  menu: Menu = defaultMenu,
): ActiveMenu | null {
  for (const entry of menu) {
    if (entry.kind === 'item') {
      if (isActive(entry, name, params, searchParams)) return { item: entry.key };
    } else {
      const item = entry.items.find((i) => isActive(i, name, params, searchParams));
      if (item) return { item: item.key, group: entry.key };
    }
  }
  return null;
}
