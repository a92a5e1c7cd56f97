import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';
import { packageTypes } from '../membership';

/** Membership: the VIP packages, paying for one by WeChat Pay, and the membership itself. */

/** A package on sale: a month or a year, prices in fen. */
export const pkg = obj({
  type: z.enum(packageTypes),
  actual_price: num.optional(),
  original_price: num.optional(),
  discount: z.union([num, str]).optional(),
});
/**
 * The spec's three outcomes; anything else counts as not paid yet (spec section 4). Beyond the
 * spec, CLOSED: the order was replaced by a newer one (another tab) and can no longer be paid.
 */
export const payStatus = z.enum(['SUCCESS', 'FAIL', 'TIMEOUT', 'CLOSED']).or(str);

/**
 * A new order. `replaces`: the order it is made in place of (another package, or 重新下单 in the
 * same dialog), not in the spec: when that one has been paid meanwhile, the new order is refused
 * with status 'order_paid' instead of offering a second payment. Either way, a new order closes
 * the learner's earlier unpaid ones at WeChat Pay first, so that only its own code can be paid.
 */
const order = obj({ money: num, type: z.enum(packageTypes), replaces: z.string().max(64).optional() });

/**
 * One of the user's own orders, as the personal centre lists it (not in the spec: it names no
 * call for a history of orders); an order closed because a newer one replaced it is not listed.
 * REFUND: paid after it had closed or timed out (refunded: refund_status says how far), or for
 * another amount (no refund_status: the operator refunds it); not credited.
 */
export const orderSummary = obj({
  order_id: str,
  type: z.enum(packageTypes),
  /** Fen. */
  amount: num,
  channel: z.enum(['native', 'jsapi', 'h5']),
  pay_status: z.enum(['NOTPAY', 'SUCCESS', 'FAIL', 'TIMEOUT', 'REFUND']),
  refund_status: z.enum(['requested', 'processing', 'refunded', 'failed']).optional(),
  created_at: str,
  settled_at: str.nullable(),
});

export const membershipCalls = {
  get_packages: def('get_packages', { response: envelope(z.array(pkg)) }),
  get_pay_qr_code: def('get_pay_qr_code', {
    request: order,
    response: envelope(obj({ code_url: str, order_id: str })),
  }),
  get_jsapi_pay_info: def('get_jsapi_pay_info', {
    request: order,
    response: envelope(obj({ parameters: z.unknown(), order_id: str })),
  }),
  /**
   * Not in the spec: a WeChat Pay H5 order, for a phone browser outside WeChat. The page sends the
   * browser to h5_url with `&redirect_url=` (URL-encoded) naming /VipFinish, where it comes back.
   * The payer's address WeChat asks for is the one the upstream sees, never one the client sends.
   */
  get_h5_pay_url: def('get_h5_pay_url', {
    request: order,
    response: envelope(obj({ h5_url: str, order_id: str })),
  }),
  /** The user's own orders, newest first. */
  get_orders: def('get_orders', {
    request: obj({ limit: z.number().int().min(1).max(50).optional() }),
    response: envelope(z.array(orderSummary)),
  }),
  get_pay_status: def('get_pay_status', {
    request: obj({ order_id: str }),
    response: envelope(obj({ pay_status: payStatus, amount: num.optional() })),
  }),
  cancel_vip: def('cancel_vip', {
    response: envelope(obj({ vip_info: obj({ is_vip_now: z.boolean() }), renewal: z.literal('cancelled') })),
  }),
  /** The free uses left today per metered feature; null where unlimited (a member). */
  get_remain_vip_num: def('get_remain_vip_num', {
    method: 'GET',
    response: envelope(obj({ is_vip: z.boolean(), remain: z.record(z.string(), num.nullable()) })),
  }),
} as const;
