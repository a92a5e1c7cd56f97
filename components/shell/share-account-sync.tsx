'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { SHARE_PARAM } from '@/lib/routes/navigation';
import { useUser } from '@/lib/client/app-state';
import { navigationUnderway } from '@/lib/client/navigation';

/**
 * Keeps `share_account=<own account>` on a logged-in user's URL across client navigations,
 * without a reload (full page loads get it from proxy.ts). Not while the app is moving to another
 * page: the router reads the rewritten address as a move and gives up the one under way (a CI run
 * saw a click on /UseForFree fetch the next page and stay put). It runs again when the navigation
 * arrives (the path or the query changes).
 */
export function ShareAccountSync() {
  const user = useUser();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const account = user?.account;
  const current = searchParams.get(SHARE_PARAM);

  useEffect(() => {
    if (!account || current === account || navigationUnderway()) return;
    const params = new URLSearchParams(searchParams.toString());
    params.set(SHARE_PARAM, account);
    window.history.replaceState(null, '', `${pathname}?${params}${window.location.hash}`);
  }, [account, current, pathname, searchParams]);

  return null;
}
