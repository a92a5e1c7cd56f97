'use client';

import {
  QueryClient,
  QueryObserver,
  useInfiniteQuery as useInfiniteQueryWith,
  useMutation as useMutationWith,
  useQuery as useQueryWith,
} from '@tanstack/react-query';
import { type AppState, useAppState } from './app-state';
import { fetchCurrentUser } from './user-fetch';
import { userQueryKey } from './user-store';

export type { QueryClient, QueryKey, UseInfiniteQueryResult } from '@tanstack/react-query';

/*
 * TanStack Query, without a provider: the hooks here take the page load's client from the app
 * state (./app-state.tsx), which makes it the first time a feature asks. Features import these
 * instead of the library's own, so a page whose first load asks no query (the reading pages, the
 * shell) does not load the library.
 */

/** The query client of a page load, tied to its user store. Exported for the tests. */
export function createQueryClient(state: AppState): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // The user is the shell's store (./user-store.ts) and this query at once: each tells the other.
  const { user } = state;
  const known = user.get();
  if (known !== undefined) client.setQueryData(userQueryKey, known, { updatedAt: user.updatedAt });
  user.onChange = (next) => {
    if (client.getQueryData(userQueryKey) !== next) client.setQueryData(userQueryKey, next);
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey[0] !== userQueryKey[0]) return;
    user.set(event.query.state.data as Parameters<typeof user.set>[0]);
  });
  if (typeof window !== 'undefined') {
    client.mount();
    // The user query is always watched, as the header watched it: a feature that invalidates it
    // (a payment, a new login method) has it asked again at once.
    // While the store is still asking (a page cached for every reader), the query waits for that
    // answer instead of asking again.
    const queryFn = async () => {
      if (user.get() !== undefined) return fetchCurrentUser();
      await user.load();
      return user.get() ?? null;
    };
    new QueryObserver(client, { queryKey: userQueryKey, queryFn, staleTime: 5 * 60_000 }).subscribe(() => {});
  }
  return client;
}

/** The page load's query client, made on first use. */
export function useQueryClient(): QueryClient {
  const state = useAppState();
  state.queryClient ??= createQueryClient(state);
  return state.queryClient;
}

export const useQuery = ((options: Parameters<typeof useQueryWith>[0]) =>
  useQueryWith(options, useQueryClient())) as typeof useQueryWith;

export const useInfiniteQuery = ((options: Parameters<typeof useInfiniteQueryWith>[0]) =>
  useInfiniteQueryWith(options, useQueryClient())) as typeof useInfiniteQueryWith;

export const useMutation = ((options: Parameters<typeof useMutationWith>[0]) =>
  useMutationWith(options, useQueryClient())) as typeof useMutationWith;
