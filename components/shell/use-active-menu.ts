'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { activeMenuKey, type ActiveMenu } from '@/lib/routes/menu';
import { matchRoute } from '@/lib/routes/route-table';

/** Which menu item (and group) the current route highlights. */
export function useActiveMenu(): ActiveMenu | null {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const match = matchRoute(pathname);
  return match ? activeMenuKey(match.route.name, match.params, searchParams) : null;
}
