'use client';

import { useQuery } from '@/lib/client/query';
import { callData } from '@/lib/client/api';

/** What the user's share links brought: users (get_share_num) and their payments (get_share_pay_amount). */
export function useReferralFigures(enabled: boolean) {
  const brought = useQuery({
    queryKey: ['referral', 'num'],
    queryFn: ({ signal }) => callData('get_share_num', undefined, signal),
    enabled,
    staleTime: 60_000,
  });
  const paid = useQuery({
    queryKey: ['referral', 'paid'],
    queryFn: ({ signal }) => callData('get_share_pay_amount', undefined, signal),
    enabled,
    staleTime: 60_000,
  });
  return { brought, paid };
}

/** The user's own share link: the site's home page carrying their account (spec section 6). */
export const shareLinkOf = (origin: string, account: string) => `${origin}/?share_account=${encodeURIComponent(account)}`;
