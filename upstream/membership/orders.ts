import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import type { OrderStatus, OrdersTable, PaymentsTable, RefundStatus, User } from '../db/schema';
import type { MembershipConfig } from '../platform/config';
import { badRequest, notFound, UpstreamError } from '../platform/http';
import { days, minutes, stamp, type Clock } from '../platform/time';
import { withOrderLease } from './orders-lease';
import { createSettlement, messageOf, type Settlement } from './orders-settle';
import { packageNames, type PackageType } from './packages';
import type { JsapiPageParameters, NewProviderOrder, PaymentProvider, Transaction } from './provider';
import { payerClientIpOf } from './wechat-pay';

export { refundNumberOf, type Settlement } from './orders-settle';

/*
 * VIP orders, money handled once. An order's amount comes from the package table, never from the
 * client. It is settled by one transaction, whoever learns of the payment first (the provider's
 * notification, the browser's poll, or the sweep at start): the order's row is locked first, a
 * settled order is left as it is, and the payment's transaction id is unique in the payments
 * ledger, so a replayed, concurrent or late report credits nothing more. Crediting and marking the
 * order paid commit together: a process killed in between leaves the order pending, and the next
 * poll or start asks the provider again and finishes.
 *
 * A learner has at most one order that can be paid. A new order first closes their earlier unpaid
 * ones at the provider, so that no code shown before (another package, another tab) can still be
 * paid; only when every one of them is known closed is the new one made. One that turns out paid
 * in the moment before the close is settled like any payment, and the new order is refused: the
 * learner has just bought, and is told so rather than shown a second code to pay. One whose fate
 * the provider cannot tell (it cannot be reached) stays open, and so no new order is made. A
 * learner's orders are made one at a time (a lease on their row of order_leases, which instances
 * sharing a database take in turn), so two tabs never both end up with a live code.
 *
 * A payment that still reaches an order closed or timed out is not credited: it is flagged in the
 * ledger and given back (a refund per payment, its out_refund_no made from the transaction id, so
 * that asking again never refunds twice); one the provider would not take is left to the operator.
 */

export type PayStatus = 'SUCCESS' | 'FAIL' | 'TIMEOUT' | 'NOTPAY' | 'CLOSED';

const payStatusOf: Record<OrderStatus, PayStatus> = {
  pending: 'NOTPAY',
  paid: 'SUCCESS',
  failed: 'FAIL',
  timeout: 'TIMEOUT',
  // Superseded by a newer order of the learner's: it can no longer be paid.
  closed: 'CLOSED',
  // Paid after it had closed or timed out (or for a different amount, or another way): not credited, refunded.
  flagged: 'TIMEOUT',
};

/** How many pending orders (and open refunds) one listing asks the provider about. */
const pendingRefreshedPerList = 3;

export interface OrderSummary {
  order_id: string;
  type: PackageType;
  amount: number;
  channel: OrdersTable['channel'];
  /** REFUND: paid but not credited (after the order closed or timed out): given back. */
  pay_status: Exclude<PayStatus, 'CLOSED'> | 'REFUND';
  /** Where the refund of a REFUND order stands; absent when it is the operator's to make. */
  refund_status?: RefundStatus;
  created_at: string;
  settled_at: string | null;
}

/** How long after its expiry the sweep at start still asks the provider about a pending order. */
const recoveryWindow = days(2);

export const providerUnavailable = () => new UpstreamError(502, '502', '支付服务暂时不可用，请稍后再试');

/** A new order refused because the learner's previous one has just been paid (and credited). */
export const earlierOrderPaid = () => new UpstreamError(409, 'order_paid', '您的上一笔订单已支付成功，会员已开通，无需重复付款');

export interface OrderDeps {
  db: Db;
  now: Clock;
  config: MembershipConfig;
  /** Null: no payment provider (production without a merchant): orders are refused. */
  provider: PaymentProvider | null;
  log: (line: string) => void;
}

/** What closing an order at the provider came to. */
type Closing = 'closed' | 'paid' | 'open';

export const paymentNotConfigured = () => new UpstreamError(503, '503', '支付功能尚未开通，请稍后再试');

export function createOrders({ db, now, config, provider: configured, log }: OrderDeps) {
  // Without a provider nothing can be ordered, and so nothing is ever pending.
  const provider: PaymentProvider = configured ?? {
    kind: 'wechat',
    nativeOrder: () => Promise.reject(paymentNotConfigured()),
    jsapiOrder: () => Promise.reject(paymentNotConfigured()),
    h5Order: () => Promise.reject(paymentNotConfigured()),
    queryOrder: () => Promise.resolve(undefined),
    closeOrder: () => Promise.resolve(),
    refund: () => Promise.reject(paymentNotConfigured()),
    queryRefund: () => Promise.resolve(undefined),
    verifyNotification: () => Promise.reject(paymentNotConfigured()),
  };

  function priceOf(type: PackageType, money: number): number {
    const price = config.packages[type].actualFen;
    // The client's figure is only checked: what is charged is the package table's.
    if (money !== price) throw badRequest(`金额与套餐价格不符（应为 ${price} 分）`);
    return price;
  }

  /** Records a new pending order; placed at the provider by the caller. */
  async function newOrder(user: User, type: PackageType, amount: number, channel: OrdersTable['channel']) {
    const created = now();
    const order: OrdersTable = {
      id: randomBytes(16).toString('hex'),
      user_id: user.id,
      package: type,
      amount_fen: amount,
      provider: provider.kind,
      channel,
      status: 'pending',
      transaction_id: null,
      created_at: stamp(created),
      expires_at: stamp(created, minutes(config.orderTimeoutMinutes)),
      settled_at: null,
    };
    await db.insertInto('orders').values(order).execute();
    return {
      order,
      request: {
        outTradeNo: order.id,
        description: `语境${packageNames[type]}`,
        amountFen: amount,
        expiresAt: new Date(order.expires_at),
      },
    };
  }

  /** The provider refused or could not be reached: the order can never be paid, so it is failed. */
  async function abandon(orderId: string, error: unknown): Promise<never> {
    log(`[membership] the payment provider refused order ${orderId}: ${messageOf(error)}`);
    await db
      .updateTable('orders')
      .set({ status: 'failed', settled_at: stamp(now()) })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .execute();
    throw providerUnavailable();
  }

  async function ownOrder(user: User, orderId: string) {
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    // Another user's order is answered exactly as a missing one: its existence is not told.
    if (!order || order.user_id !== user.id) throw notFound();
    return order;
  }

  const { settle, requestRefund } = createSettlement({ db, now, provider, log });

  /**
   * Closes a pending order at the provider and says what became of it: 'closed' (the provider
   * closed it, or has no such order), 'paid' (it was paid before the close: settled here like any
   * payment), or 'open' (the provider could not be reached or kept it open: it may still be paid).
   * The provider's word after the close decides, so a payment that raced the close is never missed.
   */
  async function closeAtProvider(orderId: string): Promise<Closing> {
    const closed = await provider.closeOrder(orderId).then(
      () => true,
      (error: unknown) => {
        // Already paid (ORDERPAID), already closed, or unreachable: the query tells which.
        log(`[membership] could not close order ${orderId}: ${messageOf(error)}`);
        return false;
      },
    );
    let last: Transaction | undefined;
    try {
      last = await provider.queryOrder(orderId);
    } catch (error) {
      log(`[membership] could not query order ${orderId}: ${messageOf(error)}`);
      return closed ? 'closed' : 'open';
    }
    // Paid (credited, or flagged if not creditable) or failed: settled as any report would be.
    if (last) await settle(orderId, last, 'poll');
    const status = (await statusOf(orderId))?.status;
    if (status === 'paid') return 'paid';
    if (status !== 'pending') return 'closed';
    const gone = !last || ['CLOSED', 'REVOKED', 'PAYERROR', 'REFUND'].includes(last.tradeState);
    return closed || gone ? 'closed' : 'open';
  }

  /**
   * Marks a pending order that the provider has closed, and answers its status: a payment settled
   * in the meantime (a notification that arrived between the close and now) is kept as it is.
   */
  async function markClosed(orderId: string, as: 'closed' | 'timeout'): Promise<OrderStatus | undefined> {
    const marked = await db
      .updateTable('orders')
      .set({ status: as, settled_at: stamp(now()) })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .returning('status')
      .executeTakeFirst();
    return marked?.status ?? (await statusOf(orderId))?.status;
  }

  /** A pending order past its time: closed at the provider, then marked, unless it was paid meanwhile. */
  async function expire(orderId: string): Promise<void> {
    // Still open at the provider (unreachable): the order stays pending and is tried again.
    if ((await closeAtProvider(orderId)) === 'closed') await markClosed(orderId, 'timeout');
  }

  /**
   * Closes every earlier unpaid order of the learner at the provider, under their lease. Throws,
   * and nothing new may be made, when one of them (or `replaces`, the order the new one is made
   * in place of) has been paid, or when one may still be paid.
   */
  async function closeEarlierOrders(user: User, replaces: string | undefined, renew: () => Promise<void>): Promise<void> {
    const earlier = await db
      .selectFrom('orders')
      .select(['id', 'expires_at'])
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .execute();
    let paid = false;
    let open = false;
    for (const order of earlier) {
      await renew();
      const closing = await closeAtProvider(order.id);
      if (closing === 'paid') paid = true;
      else if (closing === 'open') open = true;
      // Past its time it has timed out, as the list would have shown it; before, it is superseded.
      else if ((await markClosed(order.id, order.expires_at <= stamp(now()) ? 'timeout' : 'closed')) === 'paid') paid = true;
    }
    if (!paid && replaces) {
      const replaced = await db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', replaces)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      paid = replaced?.status === 'paid';
    }
    if (paid) throw earlierOrderPaid();
    if (open) {
      log(`[membership] no new order for user ${user.id}: an earlier one could not be closed and may still be paid`);
      throw providerUnavailable();
    }
  }

  /**
   * A new order: the earlier ones closed first, then this one recorded and placed at the provider
   * (`place`), all while the learner's ordering is held.
   */
  async function placeOrder<T>(
    user: User,
    { type, money, channel, replaces }: { type: PackageType; money: number; channel: OrdersTable['channel']; replaces?: string },
    place: (request: NewProviderOrder) => Promise<T>,
  ): Promise<{ order: OrdersTable; answer: T }> {
    if (!configured) throw paymentNotConfigured();
    const amount = priceOf(type, money);
    return withOrderLease({ db, now, log }, user.id, async (renew) => {
      await closeEarlierOrders(user, replaces, renew);
      await renew();
      const { order, request } = await newOrder(user, type, amount, channel);
      const answer = await place(request).catch((error: unknown) => abandon(order.id, error));
      return { order, answer };
    });
  }

  const statusOf = async (orderId: string) =>
    (await db.selectFrom('orders').select(['status', 'expires_at']).where('id', '=', orderId).executeTakeFirst()) ?? null;

  /**
   * Asks the provider about a pending order and settles it; times it out when its time is up.
   * Answers the order's status after that.
   */
  async function refresh(orderId: string, source: PaymentsTable['source']): Promise<OrderStatus | undefined> {
    const tx = await provider.queryOrder(orderId).catch((error: unknown) => {
      log(`[membership] could not query order ${orderId}: ${messageOf(error)}`);
      return undefined;
    });
    if (tx) await settle(orderId, tx, source);
    const order = await statusOf(orderId);
    if (order?.status !== 'pending' || order.expires_at > stamp(now())) return order?.status;
    await expire(orderId);
    return (await statusOf(orderId))?.status;
  }

  return {
    settle,

    /** get_pay_qr_code: a Native order, made in place of the learner's earlier unpaid ones. */
    async qrCodeOrder(
      user: User,
      type: PackageType,
      money: number,
      replaces?: string,
    ): Promise<{ code_url: string; order_id: string }> {
      const { order, answer } = await placeOrder(user, { type, money, channel: 'native', replaces }, (request) =>
        provider.nativeOrder(request),
      );
      return { code_url: answer.codeUrl, order_id: order.id };
    },

    /** get_jsapi_pay_info: a JSAPI order for a user who logged in through WeChat, likewise. */
    async jsapiOrder(
      user: User,
      type: PackageType,
      money: number,
      replaces?: string,
    ): Promise<{ parameters: JsapiPageParameters; order_id: string }> {
      if (!user.wechat_openid) throw new UpstreamError(417, '417', '未绑定登录账号，请使用密码登录并绑定');
      const openid = user.wechat_openid;
      const { order, answer } = await placeOrder(user, { type, money, channel: 'jsapi', replaces }, (request) =>
        provider.jsapiOrder({ ...request, openid }),
      );
      return { parameters: answer, order_id: order.id };
    },

    /**
     * get_h5_pay_url: an H5 order for a phone browser outside WeChat, likewise. `clientIp`: the
     * caller's address as the upstream derives it (the BFF's X-Forwarded-For, or the socket),
     * which WeChat wants as the payer's; without a usable one no order is made.
     */
    async h5Order(
      user: User,
      type: PackageType,
      money: number,
      clientIp: string,
      replaces?: string,
    ): Promise<{ h5_url: string; order_id: string }> {
      const payerClientIp = payerClientIpOf(clientIp);
      if (!payerClientIp) throw badRequest('无法确定您的网络地址，请改用扫码支付');
      const { order, answer } = await placeOrder(user, { type, money, channel: 'h5', replaces }, (request) =>
        provider.h5Order({ ...request, payerClientIp }),
      );
      return { h5_url: answer.h5Url, order_id: order.id };
    },

    /** get_pay_status: the order's state, asking the provider while it is pending. Owner only. */
    async status(user: User, orderId: string): Promise<{ pay_status: PayStatus; amount: number }> {
      const order = await ownOrder(user, orderId);
      const status = order.status === 'pending' ? ((await refresh(order.id, 'poll')) ?? order.status) : order.status;
      return { pay_status: payStatusOf[status], amount: order.amount_fen };
    },

    /**
     * The user's own orders, newest first. An order closed because a newer one replaced it is not
     * listed (it was never paid, and can no longer be); one still pending is asked about first (at
     * most a few), so the list never shows as open an order that has been paid or has timed out,
     * and so is a refund under way.
     */
    async list(user: User, limit = 20): Promise<OrderSummary[]> {
      const read = () =>
        db
          .selectFrom('orders')
          .leftJoin('refunds', 'refunds.order_id', 'orders.id')
          .select([
            'orders.id',
            'orders.package',
            'orders.amount_fen',
            'orders.channel',
            'orders.status',
            'orders.created_at',
            'orders.settled_at',
            'refunds.id as refund_id',
            'refunds.status as refund_status',
          ])
          .where('orders.user_id', '=', user.id)
          .where('orders.status', '!=', 'closed')
          .orderBy('orders.created_at', 'desc')
          .orderBy('orders.id')
          .limit(limit)
          .execute();
      let rows = await read();
      const pending = rows.filter((row) => row.status === 'pending').slice(0, pendingRefreshedPerList);
      const refunding = rows
        .filter((row) => row.refund_status === 'requested' || row.refund_status === 'processing')
        .slice(0, pendingRefreshedPerList);
      if (pending.length > 0 || refunding.length > 0) {
        for (const row of pending) await refresh(row.id, 'poll');
        for (const row of refunding) if (row.refund_id) await requestRefund(row.refund_id);
        rows = await read();
      }
      return rows.map((row) => ({
        order_id: row.id,
        type: row.package,
        amount: row.amount_fen,
        channel: row.channel,
        pay_status: row.status === 'flagged' ? 'REFUND' : (payStatusOf[row.status] as Exclude<PayStatus, 'CLOSED'>),
        ...(row.refund_status ? { refund_status: row.refund_status } : {}),
        created_at: row.created_at,
        settled_at: row.settled_at,
      }));
    },

    /** A provider's notification: verified, then settled. Answers whether it was believed. */
    async notified(headers: Record<string, string | undefined>, body: string): Promise<Settlement> {
      const tx = await provider.verifyNotification(headers, body);
      const known = await db.selectFrom('orders').select('id').where('id', '=', tx.outTradeNo).executeTakeFirst();
      if (!known) {
        log(`[membership] a verified notification for an unknown order ${tx.outTradeNo}`);
        return 'unpaid';
      }
      return settle(tx.outTradeNo, tx, 'notification');
    },

    /**
     * At start: every order still pending from the last days is asked about again, so a payment
     * whose settlement a crash interrupted is credited now, and a stale order is closed; every
     * refund the provider has not yet taken is asked for again.
     */
    async recover(): Promise<number> {
      const since = stamp(now(), -recoveryWindow);
      const pending = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'pending')
        .where('created_at', '>=', since)
        .execute();
      for (const { id } of pending) await refresh(id, 'recovery');
      const refunds = await db
        .selectFrom('refunds')
        .select('id')
        .where('status', 'in', ['requested', 'processing'])
        .orderBy('created_at')
        .execute();
      for (const { id } of refunds) await requestRefund(id);
      return pending.length + refunds.length;
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
