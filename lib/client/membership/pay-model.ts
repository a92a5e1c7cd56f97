import type { PackageType } from '@/lib/contract/membership';

/**
 * The purchase flow's pure parts: money and dates as the dialogs show them, where a pay code's
 * address leads, and what a polled status means. Amounts are integers in fen end to end; only
 * the text shown is in 元.
 */

export const packagePeriods: Record<PackageType, string> = { month: '1 个月', year: '12 个月' };

/** Fen as 元: whole amounts without decimals (28), others with two (9.90). Never through floats' rounding. */
export function formatYuan(fen: number): string {
  if (!Number.isFinite(fen)) return '—';
  const sign = fen < 0 ? '-' : '';
  const whole = Math.round(Math.abs(fen));
  const yuan = Math.floor(whole / 100);
  const cents = whole % 100;
  return cents === 0 ? `${sign}${yuan}` : `${sign}${yuan}.${String(cents).padStart(2, '0')}`;
}

/**
 * A discount as Chinese shops write it (7.4 → "7.4折"); nothing when there is none (10 or
 * more, or not a number between 0 and 10).
 */
export function formatDiscount(discount: number | string | undefined): string | null {
  const value = typeof discount === 'string' ? Number(discount) : discount;
  if (value === undefined || !Number.isFinite(value) || value <= 0 || value >= 10) return null;
  return `${Number(value.toFixed(1))}折`;
}

/** Beijing time has no daylight saving: UTC+8 all year. */
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** A moment as a learner in China reads it (YYYY-MM-DD HH:mm, Beijing time), or null. */
export function formatBeijingTime(moment: Date | string | null | undefined): string | null {
  if (!moment) return null;
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The date alone (YYYY-MM-DD, Beijing time), or null. */
export function formatBeijingDate(moment: Date | string | null | undefined): string | null {
  return formatBeijingTime(moment)?.slice(0, 10) ?? null;
}

/** A user's membership in one line (会员，有效期至 2026-04-02 / 非会员). */
export function membershipLine(user: { isVip: boolean; expireTime: string | null }): string {
  if (!user.isVip) return '非会员';
  const until = formatBeijingDate(user.expireTime);
  return until ? `会员，有效期至 ${until}` : '会员';
}

/**
 * The address a pay code stands for, ready to draw as a QR code: WeChat's own `weixin://` link
 * as it is; an http(s) address as it is; a path (the sandbox's pay page when the site's own
 * address is not configured) resolved against the page's origin, since a phone scanning it
 * knows no "current page". Anything else is refused: null.
 */
export function resolvePayUrl(codeUrl: string, origin: string): string | null {
  const value = codeUrl.trim();
  if (/^weixin:\/\//i.test(value)) return value;
  // A path of this site, not a protocol-relative address ('//elsewhere') or a backslash trick.
  const isPath = value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
  if (!isPath && !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value, origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (isPath && url.origin !== new URL(origin).origin) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The address a tester can open in this browser to pay: only a web page (the sandbox's pay
 * page), never WeChat's `weixin://` code, which only the WeChat app can open.
 */
export function sandboxPayLink(codeUrl: string, origin: string): string | null {
  const resolved = resolvePayUrl(codeUrl, origin);
  return resolved && /^https?:/i.test(resolved) ? resolved : null;
}

/**
 * Where 前往微信支付 sends a phone browser: the H5 order's h5_url (WeChat's pay page, or the
 * sandbox's, a path of this site when the site's address is not configured) with
 * `&redirect_url=` and the URL-encoded address of /VipFinish appended, as WeChat documents it.
 * Only a web page is followed; anything else is refused: null.
 */
export function h5PayAddress(h5Url: string, returnUrl: string, origin: string): string | null {
  const page = sandboxPayLink(h5Url, origin);
  if (!page) return null;
  return `${page}${page.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`;
}

/**
 * /VipFinish as an H5 payment comes back to it: the order to follow, the page 继续阅读 leads
 * to, and `via=h5`, for the page to ask whether the payment was made rather than wait for it.
 */
export function h5ReturnUrl(origin: string, orderId: string, back: string): string {
  const query = new URLSearchParams({ order_id: orderId, back, via: 'h5' });
  return `${origin}/VipFinish?${query}`;
}

/**
 * What a polled pay_status means: the three outcomes end the poll, and so does CLOSED (not in the
 * spec: the order was replaced by a newer one, in another tab, and can no longer be paid);
 * anything else is "not paid yet".
 */
export type PayOutcome = 'SUCCESS' | 'FAIL' | 'TIMEOUT' | 'CLOSED';
export function payOutcomeOf(status: unknown): PayOutcome | null {
  return status === 'SUCCESS' || status === 'FAIL' || status === 'TIMEOUT' || status === 'CLOSED' ? status : null;
}

export const payOutcomeMessages: Record<PayOutcome, string> = {
  SUCCESS: '支付成功',
  FAIL: '支付失败',
  TIMEOUT: '支付超时',
  CLOSED: '订单已关闭',
};

/** The business status of a new order refused because the one before it has just been paid. */
export const ORDER_PAID_STATUS = 'order_paid';

/**
 * The orders one confirm-order dialog makes, one after another: each waits for the one before
 * it to answer and names it as the order it replaces, so that switching package twice quickly
 * never leaves the older order the live one, and an order paid meanwhile is told rather than
 * sold twice (the server refuses the new one with status 'order_paid').
 */
export function orderSequence() {
  let tail: Promise<unknown> = Promise.resolve();
  let last: string | undefined;
  return {
    next<T extends { order_id: string }>(place: (replaces: string | undefined) => Promise<T>): Promise<T> {
      const placed = tail.then(() => place(last));
      tail = placed.then(
        (answer) => {
          last = answer.order_id;
        },
        () => undefined,
      );
      return placed;
    },
  };
}
export type OrderSequence = ReturnType<typeof orderSequence>;

/** An order's state as the personal centre lists it. */
export const orderStatusLabels: Record<string, string> = {
  NOTPAY: '待支付',
  SUCCESS: '已支付',
  FAIL: '支付失败',
  TIMEOUT: '已超时',
  CLOSED: '已关闭',
  REFUND: '未开通会员，待退款',
};

/**
 * The label of a listed order: a payment that came after its order closed or timed out is not
 * credited but given back, and says how far its refund has gone.
 */
export function orderStatusLabel(order: { pay_status: string; refund_status?: string }): string {
  if (order.pay_status === 'REFUND') {
    if (order.refund_status === 'refunded') return '未开通会员，已退款';
    if (order.refund_status === 'processing') return '未开通会员，退款中';
  }
  return orderStatusLabels[order.pay_status] ?? order.pay_status;
}

/** Spec section 9. */
export const PAY_POLL_INTERVAL_MS = 2000;
export const SUCCESS_COUNTDOWN_SECONDS = 15;
