import { addressRule, fitsPattern, type PathRule, splitPath } from './path-match';

/*
 * The navigation menu as the browser holds it: its shape, and which item the current address
 * lights. The menus themselves are built on the server (./menus) and handed to the header, each
 * item with the patterns it lights on, so that a page's first load carries neither the building
 * nor the route table.
 */

export interface MenuItem {
  readonly kind: 'item';
  readonly key: string;
  readonly label: string;
  readonly href: string;
  /** What else lights the item besides its href: the routes and addresses that belong to it. */
  readonly alsoLit: readonly PathRule[];
}

export interface MenuGroup {
  readonly kind: 'group';
  readonly key: string;
  readonly label: string;
  readonly items: readonly MenuItem[];
}

export type MenuEntry = MenuItem | MenuGroup;
export type Menu = readonly MenuEntry[];

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
 * Each item's href as a rule, worked out once: the header matches every item against the address
 * on every render and every navigation, and the menu objects, handed over once, stay the same.
 */
const hrefRules = new WeakMap<MenuItem, PathRule | null>();

function hrefRule(item: MenuItem): PathRule | null {
  let rule = hrefRules.get(item);
  if (rule === undefined) {
    rule = addressRule(item.href);
    hrefRules.set(item, rule);
  }
  return rule;
}

/**
 * Which item (and group) to highlight at a pathname and its query; null when none belongs to it.
 * An item is lit when the path fits its href's segments or one of its other patterns, and the
 * query carries every value that address or pattern asks for. So /aiBook/cet4 and /cet4 light 四级, /bookworm lights 书虫 and 更多, and
 * /aiBook/paper lights nothing.
 */
export function activeMenuAt(menu: Menu, pathname: string, search?: SearchParamsLike): ActiveMenu | null {
  const segments = splitPath(pathname);
  if (!segments) return null;
  const fits = (rule: PathRule | null) =>
    !!rule && fitsPattern(rule.pattern, segments) && rule.query.every(([key, value]) => firstValue(search, key) === value);
  const isLit = (item: MenuItem) => fits(hrefRule(item)) || item.alsoLit.some(fits);
  for (const entry of menu) {
    if (entry.kind === 'item') {
      if (isLit(entry)) return { item: entry.key };
    } else {
      const item = entry.items.find(isLit);
      if (item) return { item: item.key, group: entry.key };
    }
  }
  return null;
}
