'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { callData } from './api';
import { ApiError } from './errors';
import { toast } from './toast';

/** The client-side user state of spec section 3 (useName, useImg, isLogin, isVip). */
export interface CurrentUser {
  account: string;
  nickname: string;
  headimgurl: string;
  isVip: boolean;
  expireTime: string | null;
}

export const userQueryKey = ['user'] as const;

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const info = await callData('get_user_info');
    return {
      account: info.account,
      nickname: info.nickname,
      headimgurl: info.headimgurl,
      isVip: info.vip_info.is_vip_now,
      expireTime: info.vip_info.expire_time ?? null,
    };
  } catch (error) {
    // Logged out (401), or an answer that names nobody: no user.
    if (error instanceof ApiError && (error.httpStatus === 401 || error.kind === 'refused' || error.kind === 'empty'))
      return null;
    throw error;
  }
}

/**
 * The logged-in user, or null. Providers seeds it from the server render, so there is no flash.
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
