'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { activeMenuKey, type ActiveMenu, type SearchParamsLike } from '@/lib/routes/menu';
import { matchRoute } from '@/lib/routes/route-table';

function activeFor(pathname: string, searchParams?: SearchParamsLike): ActiveMenu | null {
  const match = matchRoute(pathname);
  return match ? activeMenuKey(match.route.name, match.params, searchParams) : null;
}

/** Which menu item (and group) the current route highlights. */
export function useActiveMenu(): ActiveMenu | null {
  return activeFor(usePathname(), useSearchParams());
}

/**
 * The same from the path alone, for a page rendered once for every reader, whose query the server
 * render does not know (the menu's Suspense fallback): items that need a query value stay unlit.
 */
export function useActiveMenuByPath(): ActiveMenu | null {
  return activeFor(usePathname());
}
