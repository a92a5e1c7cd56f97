'use client';

import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { UserStore } from './user-store';
import type { CurrentUser } from '@/lib/contract/current-user';

/**
 * What the app keeps for one page load (for one request, on the server): the user, and the query
 * client, made the first time a feature asks a query (./query.ts), so that pages whose first
 * load asks none do not load the query library at all.
 */
export interface AppState {
  user: UserStore;
  queryClient: QueryClient | null;
}

const AppStateContext = createContext<AppState | null>(null);

export function AppStateProvider({ children }: { children: ReactNode }) {
  const [state] = useState<AppState>(() => ({ user: new UserStore(), queryClient: null }));
  return <AppStateContext.Provider value={state}>{children}</AppStateContext.Provider>;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState: outside Providers (components/shell/providers.tsx)');
  return state;
}

/**
 * The logged-in user for the shell: null for a visitor, undefined while the browser is still
 * asking (the header keeps a quiet place meanwhile).
 */
export function useUser(): CurrentUser | null | undefined {
  const { user } = useAppState();
  const value = useSyncExternalStore(user.subscribe, user.get, user.get);
  useEffect(() => {
    if (user.get() === undefined) void user.load();
  }, [user]);
  return value;
}
