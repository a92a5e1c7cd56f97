'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { userQueryKey, type CurrentUser } from '@/lib/client/user';

function makeQueryClient(initialUser: CurrentUser | null) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  client.setQueryData(userQueryKey, initialUser);
  return client;
}

/** Client-side state for the whole app, seeded with the user the server rendered for. */
export function Providers({ initialUser, children }: { initialUser: CurrentUser | null; children: ReactNode }) {
  const [client] = useState(() => makeQueryClient(initialUser));
  // A server render after login or logout (router.refresh) brings the new user along.
  const account = initialUser?.account ?? null;
  useEffect(() => {
    const known = client.getQueryData<CurrentUser | null>(userQueryKey);
    if ((known?.account ?? null) !== account) client.setQueryData(userQueryKey, initialUser);
  }, [client, account, initialUser]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
