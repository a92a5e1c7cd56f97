'use client';

import { useCallback } from 'react';
import { useClientMode } from '@/lib/client/use-client-mode';
import { notifyApp } from '@/lib/client/client-mode';
import { openOverlay } from '@/lib/client/overlays';

/**
 * Asks the visitor to log in: the login dialog on the web; inside the native app the app is
 * told instead (it owns login there), through the bridge of lib/client/client-mode.ts.
 */
export function useRequireLogin(): () => void {
  const mode = useClientMode();
  return useCallback(() => {
    if (mode.isApp && notifyApp({ type: 'login_required' })) return;
    openOverlay('loginDialog');
  }, [mode.isApp]);
}
