import type { Menu, MenuItem } from './menu';
import { matchRoute, type RouteName, type RouteParams } from './route-table';

/*
 * Which item of a menu the current address lights. Apart from the menu's data (./menu.ts), which
 * the server builds and hands to the header, so that a page's first load carries the matching
 * and not the building.
 */

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

interface MenuTarget {
  name: RouteName;
  params: [string, string][];
  query: [string, string][];
}

/**
 * What each href of the menus names, worked out once: the header matches every item against the
 * address on every server render and every navigation, and the menus' hrefs are a fixed few dozen.
 */
const targets = new Map<string, MenuTarget | null>();

function targetOf(href: string): MenuTarget | null {
  let target = targets.get(href);
  if (target === undefined) {
    const url = new URL(href, 'http://menu.invalid');
    const match = matchRoute(url.pathname);
    target = match ? { name: match.route.name, params: Object.entries(match.params), query: [...url.searchParams] } : null;
    // A bound all the same, should a menu ever carry addresses made per reader.
    if (targets.size >= 500) targets.clear();
    targets.set(href, target);
  }
  return target;
}

/** Whether the current route is the one `href` names, with its params and every query value it carries. */
function isAt(href: string, name: RouteName, params: RouteParams, search?: SearchParamsLike): boolean {
  const target = targetOf(href);
  if (!target || target.name !== name) return false;
  for (const [key, value] of target.params) if (params[key] !== value) return false;
  for (const [key, value] of target.query) if (firstValue(search, key) !== value) return false;
  return true;
}

/** Which item (and group) to highlight for the current route; null when none belongs to it. */
export function activeMenuKey(
  menu: Menu,
  name: RouteName,
  params: RouteParams = {},
  searchParams?: SearchParamsLike,
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
