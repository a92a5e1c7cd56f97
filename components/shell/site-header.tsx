'use client';

import { usePathname } from 'next/navigation';
import { chromeAt, type ChromeMap, type MenuKey } from '@/lib/routes/chrome';
import type { Menu } from '@/lib/routes/menu';
import { useClientMode } from '@/lib/client/use-client-mode';
import { Header } from './header';

/**
 * The header as the current route wants it (spec section 2's layout flags): it follows client
 * navigations, which a shared server layout would not, and is absent inside the native app. The
 * menus and the route table's chrome come built from the server (ShellFrame), so the first load
 * carries neither the menu building nor the table.
 */
export function SiteHeader({ chrome, menus }: { chrome: ChromeMap; menus: Readonly<Record<MenuKey, Menu>> }) {
  const { layout, home, menu } = chromeAt(chrome, usePathname(), { embedded: useClientMode().isApp });
  if (!layout.showHeader) return null;
  return <Header layout={layout} home={home} menu={menus[menu]} />;
}
