'use client';

import { useCallback } from 'react';
import { useClientMode } from '@/lib/client/use-client-mode';
import { notifyApp } from '@/lib/client/client-mode';
import { openOverlay } from '@/lib/client/overlays';
import { type CurrentUser, useKnownUser } from '@/lib/client/user';

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

/**
 * Runs `act` for the logged-in user, or asks a visitor to log in. A click that comes before the
 * page knows who is there waits for the answer rather than asking a learner to log in.
 */
export function useForUser(): (act: (user: CurrentUser) => void) => void {
  const requireLogin = useRequireLogin();
  const knownUser = useKnownUser();
  return useCallback(
    (act) => {
      void knownUser().then((user) => (user ? act(user) : requireLogin()));
    },
    [knownUser, requireLogin],
  );
}
