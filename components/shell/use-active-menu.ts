'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { activeMenuKey, type ActiveMenu, type SearchParamsLike } from '@/lib/routes/active-menu';
import type { Menu } from '@/lib/routes/menu';
import { matchRoute } from '@/lib/routes/route-table';

function activeFor(menu: Menu, pathname: string, searchParams?: SearchParamsLike): ActiveMenu | null {
  const match = matchRoute(pathname);
  return match ? activeMenuKey(menu, match.route.name, match.params, searchParams) : null;
}

/** Which item (and group) of the menu the current route highlights. */
export function useActiveMenu(menu: Menu): ActiveMenu | null {
  return activeFor(menu, usePathname(), useSearchParams());
}

/**
 * The same from the path alone, for a page rendered once for every reader, whose query the server
 * render does not know (the menu's Suspense fallback): items that need a query value stay unlit.
 */
export function useActiveMenuByPath(menu: Menu): ActiveMenu | null {
  return activeFor(menu, usePathname());
}
