'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { type CurrentUser, userQueryKey } from '@/lib/client/user';

/**
 * The user the server rendered the page for, put into the client's state before anything under
 * it renders, so the header and the page show the account without a flash. Pages that are the same
 * for every reader have no seed: there the browser asks (useCurrentUser).
 */
export function UserSeed({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const client = useQueryClient();
  // Once, during the first render: what the browser already knows (a page read before) stands.
  useState(() => {
    if (client.getQueryData(userQueryKey) === undefined) client.setQueryData(userQueryKey, user);
  });
  // A server render after login or logout (router.refresh) brings the new user along.
  const account = user?.account ?? null;
  useEffect(() => {
    const known = client.getQueryData<CurrentUser | null>(userQueryKey);
    if ((known?.account ?? null) !== account) client.setQueryData(userQueryKey, user);
  }, [client, account, user]);
  return children;
}
