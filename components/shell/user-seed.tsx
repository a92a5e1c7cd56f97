'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useAppState } from '@/lib/client/app-state';
import type { CurrentUser } from '@/lib/contract/current-user';

/**
 * The user the server rendered the page for, put into the client's state before anything under
 * it renders, so the header and the page show the account without a flash. Pages that are the same
 * for every reader have no seed: there the browser asks (useUser).
 */
export function UserSeed({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const { user: store } = useAppState();
  // Once, during the first render: what the browser already knows (a page read before) stands.
  useState(() => {
    if (store.get() === undefined) store.set(user);
  });
  // A server render after login or logout (router.refresh) brings the new user along.
  const account = user?.account ?? null;
  useEffect(() => {
    if ((store.get()?.account ?? null) !== account) store.set(user);
  }, [store, account, user]);
  return children;
}
