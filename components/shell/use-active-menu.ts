'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { type ActiveMenu, activeMenuAt, type Menu } from '@/lib/routes/menu';

/** Which item (and group) of the menu the current route highlights. */
export function useActiveMenu(menu: Menu): ActiveMenu | null {
  return activeMenuAt(menu, usePathname(), useSearchParams());
}

/**
 * The same from the path alone, for a page rendered once for every reader, whose query the server
 * render does not know (the menu's Suspense fallback): items that need a query value stay unlit.
 */
export function useActiveMenuByPath(menu: Menu): ActiveMenu | null {
  return activeMenuAt(menu, usePathname());
}
