'use client';

import { useMutation, useQuery, useQueryClient } from './query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { callData } from './api';
import { ApiError } from './errors';
import { fetchCurrentUser } from './user-fetch';
import { userQueryKey } from './user-store';
import type { CurrentUser } from '@/lib/contract/current-user';
import { toast } from './toast';

export { userQueryKey } from './user-store';

/**
 * The logged-in user, or null, as a query for the features: the same user as the shell's store
 * (./user-store.ts), which the page's server render or the browser's first ask fills.
 * `fresh`: asked again on mount, for a screen that must show the membership as it is at that
 * moment (the confirm-order dialog, before a payment); `isFetchedAfterMount` then says it is in.
 */
export function useCurrentUser({
  fresh = false,
  refetchInterval = false,
}: {
  fresh?: boolean;
  /**
   * Asked again every so many ms while the screen is open (a payment settling), or as the
   * function says after each answer; false for never.
   */
  refetchInterval?: number | false | ((user: CurrentUser | null | undefined) => number | false);
} = {}) {
  return useQuery({
    queryKey: userQueryKey,
    queryFn: fetchCurrentUser,
    staleTime: fresh ? 0 : 5 * 60_000,
    refetchOnMount: fresh ? 'always' : true,
    refetchInterval: typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval,
  });
}

/**
 * The user once known: at once when the page knows who is there, else when the server has
 * answered (sharing the ask already on its way); null for a visitor or when the server cannot
 * say. For an action clicked before a page cached for every reader has learnt who reads it,
 * which must not take a learner for a visitor.
 */
export function useKnownUser(): () => Promise<CurrentUser | null> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.ensureQueryData({ queryKey: userQueryKey, queryFn: fetchCurrentUser }).catch(() => null),
    [queryClient],
  );
}

/**
 * Spec section 4: success clears the user and goes home; on failure the server's description is
 * shown and the local user state is cleared anyway (the session cookie is gone either way).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: () => callData('logout'),
    onError: (error) => toast.error(error instanceof ApiError ? error.message : '退出登录失败'),
    onSettled: () => {
      queryClient.setQueryData(userQueryKey, null);
      router.push('/');
      router.refresh();
    },
  });
}
