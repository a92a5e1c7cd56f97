import type { CurrentUser } from '@/lib/contract/current-user';
import { PAY_POLL_INTERVAL_MS, type PayOutcome } from './pay-model';

/**
 * /VipFinish, where a payment inside WeChat comes back to: WeChat's pay sheet closes before its
 * notification has reached the server, so the membership may not be there yet. The page reads
 * it again every 2 s for at most 30 s, then says what it found. With `?order_id=` it follows that
 * order too, which is the only way to tell a renewal that has not settled from one that has
 * (a member is a member either way).
 *
 * Back from WeChat's H5 pay page (`via=h5`), the return tells nothing: WeChat sends the browser
 * back when the payer pays, cancels, or merely five seconds after its cashier opened. So while
 * the order is unpaid the page asks the learner (请确认微信支付是否已完成) as it keeps asking the
 * server; 已完成支付 asks once more at once, and an order still unpaid then, or after the whole
 * wait, is 支付未完成, with the way to pay again.
 */
export const FINISH_POLL_LIMIT_MS = 30_000;

export type VipFinishView =
  /** Nobody logged in: the login prompt. */
  | 'login'
  /** A member (and the order, if any, paid): the membership and its expiry. */
  | 'member'
  /** Still asking: 支付结果确认中. */
  | 'settling'
  /** Back from WeChat's H5 page, the order unpaid so far: has the learner paid? (still asking) */
  | 'confirm'
  /** Back from WeChat's H5 page, the order unpaid after the learner's 已完成支付 or the wait: 支付未完成. */
  | 'unpaid'
  /** Nothing settled after the whole wait: the payment may still arrive, or was never made. */
  | 'unconfirmed'
  /** The order failed (or was closed, replaced by a newer one) or timed out. */
  | 'failed'
  | 'timeout';

export interface VipFinishInput {
  user: Pick<CurrentUser, 'isVip'> | null | undefined;
  waitedOut: boolean;
  /** The order the page follows: its outcome so far (null: not settled yet); absent without one. */
  order?: { outcome: PayOutcome | null };
  /**
   * Back from WeChat's H5 pay page with the order; `checked`: the server has been asked again
   * since the learner said 已完成支付.
   */
  h5?: { checked: boolean };
}

export function vipFinishViewOf({ user, waitedOut, order, h5 }: VipFinishInput): VipFinishView {
  if (!user) return 'login';
  if (order?.outcome === 'FAIL' || order?.outcome === 'CLOSED') return 'failed';
  if (order?.outcome === 'TIMEOUT') return 'timeout';
  // Without an order, membership is the answer; with one, only its success is.
  const settled = order ? order.outcome === 'SUCCESS' && user.isVip : user.isVip;
  if (settled) return 'member';
  if (h5 && order && order.outcome === null) return waitedOut || h5.checked ? 'unpaid' : 'confirm';
  return waitedOut ? 'unconfirmed' : 'settling';
}

/**
 * How often each is read again while settling (every 2 s, else never): the order until it has
 * an outcome; the user when there is no order, or once the order is paid and the membership has
 * not shown yet.
 */
export function vipFinishPolls(input: VipFinishInput): { user: number | false; order: number | false } {
  const view = vipFinishViewOf(input);
  if (view !== 'settling' && view !== 'confirm') return { user: false, order: false };
  const orderOpen = !!input.order && input.order.outcome === null;
  return {
    user: orderOpen ? false : PAY_POLL_INTERVAL_MS,
    order: orderOpen ? PAY_POLL_INTERVAL_MS : false,
  };
}

/** An order id as the page accepts it from its URL; anything else is ignored. */
export function finishOrderIdOf(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}
