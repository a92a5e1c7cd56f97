'use client';

import { usePathname } from 'next/navigation';
import type { Menu } from '@/lib/routes/menu';
import { homeFor, layoutFor, matchRoute, type MenuKey } from '@/lib/routes/route-table';
import { useClientMode } from '@/lib/client/use-client-mode';
import { Header } from './header';

/**
 * The header as the current route wants it (spec section 2's layout flags): it follows client
 * navigations, which a shared server layout would not, and is absent inside the native app. The
 * menus come built from the server (ShellFrame), so the first load carries no menu building.
 */
export function SiteHeader({ menus }: { menus: Readonly<Record<MenuKey, Menu>> }) {
  const pathname = usePathname();
  const mode = useClientMode();
  const layout = layoutFor(pathname, { embedded: mode.isApp });
  if (!layout.showHeader) return null;
  const route = matchRoute(pathname)?.route;
  return <Header layout={layout} home={homeFor(route)} menu={menus[route?.menu ?? 'default']} />;
}
