'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { SHARE_PARAM } from '@/lib/routes/navigation';
import { useUser } from '@/lib/client/app-state';

/**
 * Keeps `share_account=<own account>` on a logged-in user's URL across client navigations,
 * without a reload (full page loads get it from proxy.ts).
 */
export function ShareAccountSync() {
  const user = useUser();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const account = user?.account;
  const current = searchParams.get(SHARE_PARAM);

  useEffect(() => {
    if (!account || current === account) return;
    const params = new URLSearchParams(searchParams.toString());
    params.set(SHARE_PARAM, account);
    window.history.replaceState(null, '', `${pathname}?${params}${window.location.hash}`);
  }, [account, current, pathname, searchParams]);

  return null;
}
