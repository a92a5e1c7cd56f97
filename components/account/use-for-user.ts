'use client';

import { useCallback } from 'react';
import { useKnownUser } from '@/lib/client/user';
import type { CurrentUser } from '@/lib/contract/current-user';
import { useRequireLogin } from './use-require-login';

/**
 * Runs `act` for the logged-in user, or asks a visitor to log in. A click that comes before the
 * page knows who is there waits for the answer rather than asking a learner to log in.
 * A module apart from useRequireLogin, which the shell's header uses: this one waits through the
 * user query, and the shell's first load carries no query library (lib/client/user-store.ts).
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
