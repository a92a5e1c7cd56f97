import type { CurrentUser } from '@/lib/client/user';
import { PAY_POLL_INTERVAL_MS } from './pay-model';

/**
 * /VipFinish, where a payment inside WeChat comes back to: WeChat's pay sheet closes before its
 * notification has reached the server, so the membership may not be there yet. The page reads
 * it again every 2 s for at most 30 s, then says what it found.
 */
export const FINISH_POLL_LIMIT_MS = 30_000;

export type VipFinishView =
  /** Nobody logged in: the login prompt. */
  | 'login'
  /** A member: the membership and its expiry. */
  | 'member'
  /** Not a member yet, still asking: 支付结果确认中. */
  | 'settling'
  /** Not a member after the whole wait: the payment may still arrive, or was never made. */
  | 'unconfirmed';

export function vipFinishViewOf(user: Pick<CurrentUser, 'isVip'> | null | undefined, waitedOut: boolean): VipFinishView {
  if (!user) return 'login';
  if (user.isVip) return 'member';
  return waitedOut ? 'unconfirmed' : 'settling';
}

/** How often the user is read again: every 2 s while settling, never otherwise. */
export function vipFinishPollInterval(view: VipFinishView): number | false {
  return view === 'settling' ? PAY_POLL_INTERVAL_MS : false;
}
