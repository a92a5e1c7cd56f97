import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { OrderStatus, OrdersTable, PaymentsTable, RefundStatus, User } from '../db/schema';
import type { MembershipConfig } from '../platform/config';
import { badRequest, notFound, UpstreamError } from '../platform/http';
import { tooFrequent } from '../platform/rate-limit';
import { days, minutes, stamp, type Clock } from '../platform/time';
import { extendMembership, packageNames, type PackageType } from './packages';
import type { JsapiPageParameters, NewProviderOrder, PaymentProvider, Refund, Transaction } from './provider';

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
  // Paid after it had closed or timed out (or for a different amount): not credited, refunded.
  flagged: 'TIMEOUT',
};

/** How many pending orders (and open refunds) one listing asks the provider about. */
const pendingRefreshedPerList = 3;

/** How long a request may hold a learner's ordering without renewing it (a crashed one's runs out). */
const orderLeaseMs = 60_000;
/** How long a new order waits for one of the same learner's being made elsewhere (another tab). */
const orderLeaseWaitMs = 20_000;
const orderLeasePollMs = 50;

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

export type Settlement = 'credited' | 'already-settled' | 'flagged' | 'unpaid' | 'failed';

/** What closing an order at the provider came to. */
type Closing = 'closed' | 'paid' | 'open';

/** The refund's number at the provider: one per payment, the same however often it is asked for. */
export function refundNumberOf(transactionId: string): string {
  return /^[0-9A-Za-z]{1,60}$/.test(transactionId)
    ? `R${transactionId}`
    : `R${createHash('sha256').update(transactionId).digest('hex').slice(0, 40)}`;
}

const refundReasons = {
  'flagged-closed': '订单已关闭，付款原路退回',
  'flagged-late': '订单已超时，付款原路退回',
} as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const paymentNotConfigured = () => new UpstreamError(503, '503', '支付功能尚未开通，请稍后再试');

export function createOrders({ db, now, config, provider: configured, log }: OrderDeps) {
  // Without a provider nothing can be ordered, and so nothing is ever pending.
  const provider: PaymentProvider = configured ?? {
    kind: 'wechat',
    nativeOrder: () => Promise.reject(paymentNotConfigured()),
    jsapiOrder: () => Promise.reject(paymentNotConfigured()),
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

  /**
   * Settles an order by what the provider says of it, in one transaction. Only a pending order
   * changes; a payment is credited when its amount is the order's and the order was still pending
   * (not closed, not timed out). A payment not credited is flagged, and given back when it was for
   * an order that had closed or timed out: the refund is recorded with the payment and asked for
   * once the transaction has committed.
   */
  async function settle(orderId: string, tx: Transaction, source: PaymentsTable['source']): Promise<Settlement> {
    const { settlement, refund } = await settleOnce(orderId, tx, source);
    if (refund) await requestRefund(refund);
    return settlement;
  }

  function settleOnce(
    orderId: string,
    tx: Transaction,
    source: PaymentsTable['source'],
  ): Promise<{ settlement: Settlement; refund?: string }> {
    return db.transaction().execute(async (trx) => {
      // Writing first takes the order's row lock (PostgreSQL) or the database's write lock
      // (SQLite) before anything is read: two settlements of one order take turns.
      const order = await trx
        .updateTable('orders')
        .set((eb) => ({ status: eb.ref('status') }))
        .where('id', '=', orderId)
        .returningAll()
        .executeTakeFirst();
      if (!order) return { settlement: 'unpaid' };
      if (tx.tradeState !== 'SUCCESS') {
        if (order.status === 'pending' && (tx.tradeState === 'PAYERROR' || tx.tradeState === 'REVOKED')) {
          await trx
            .updateTable('orders')
            .set({ status: 'failed', settled_at: stamp(now()) })
            .where('id', '=', orderId)
            .execute();
          return { settlement: 'failed' };
        }
        return { settlement: order.status === 'pending' ? 'unpaid' : 'already-settled' };
      }
      const transactionId = tx.transactionId;
      if (!transactionId) throw new Error(`a SUCCESS report for order ${orderId} without a transaction id`);
      const recorded = await trx
        .selectFrom('payments')
        .select('id')
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
      if (recorded || order.status === 'paid' || order.status === 'flagged') return { settlement: 'already-settled' };

      const at = stamp(now());
      /** Appends the settlement to the payments ledger. */
      const record = (db: typeof trx, entry: Pick<Insertable<PaymentsTable>, 'outcome' | 'amount_fen' | 'vip_from' | 'vip_to'>) =>
        db
          .insertInto('payments')
          .values({
            ...entry,
            order_id: orderId,
            transaction_id: transactionId,
            user_id: order.user_id,
            source,
            paid_at: tx.successTime ?? null,
            recorded_at: at,
          })
          .execute();
      const flaggedAs =
        tx.amountFen !== order.amount_fen
          ? ('flagged-amount' as const)
          : order.status === 'closed'
            ? ('flagged-closed' as const)
            : order.status !== 'pending'
              ? ('flagged-late' as const)
              : undefined;
      if (flaggedAs) {
        await trx
          .updateTable('orders')
          .set({ status: 'flagged', transaction_id: transactionId, settled_at: at })
          .where('id', '=', orderId)
          .execute();
        await record(trx, { outcome: flaggedAs, amount_fen: tx.amountFen ?? 0, vip_from: null, vip_to: null });
        if (flaggedAs === 'flagged-amount') {
          // Another amount than the order's is not ours to guess about: the operator looks into it.
          log(
            `[membership] order ${orderId} paid but not credited (${flaggedAs}): transaction ${transactionId} is for the operator to refund`,
          );
          return { settlement: 'flagged' };
        }
        const refund = refundNumberOf(transactionId);
        await trx
          .insertInto('refunds')
          .values({
            id: refund,
            order_id: orderId,
            transaction_id: transactionId,
            user_id: order.user_id,
            amount_fen: order.amount_fen,
            status: 'requested',
            refund_id: null,
            reason: refundReasons[flaggedAs],
            created_at: at,
            updated_at: at,
          })
          .execute();
        log(
          `[membership] order ${orderId} paid but not credited (${flaggedAs}, it was ${order.status}): transaction ${transactionId} is refunded as ${refund}`,
        );
        return { settlement: 'flagged', refund };
      }
      // The user's row is locked the same way: two orders of one user extend one after the other.
      const user = await trx
        .updateTable('users')
        .set((eb) => ({ vip_expires_at: eb.ref('vip_expires_at') }))
        .where('id', '=', order.user_id)
        .returning(['vip_expires_at'])
        .executeTakeFirstOrThrow();
      const from = user.vip_expires_at && user.vip_expires_at > at ? user.vip_expires_at : at;
      const to = stamp(extendMembership(order.package, user.vip_expires_at, now()));
      await trx.updateTable('users').set({ vip_expires_at: to }).where('id', '=', order.user_id).execute();
      await trx
        .updateTable('orders')
        .set({ status: 'paid', transaction_id: transactionId, settled_at: at })
        .where('id', '=', orderId)
        .execute();
      await record(trx, { outcome: 'credited', amount_fen: order.amount_fen, vip_from: from, vip_to: to });
      return { settlement: 'credited' };
    });
  }

  /** Marks what the provider's refund has become; a refund that ended unpaid is the operator's. */
  async function recordRefund(id: string, taken: Refund): Promise<RefundStatus> {
    const status: RefundStatus = taken.state === 'SUCCESS' ? 'refunded' : taken.state === 'PROCESSING' ? 'processing' : 'failed';
    await db
      .updateTable('refunds')
      .set({ status, refund_id: taken.refundId, updated_at: stamp(now()) })
      .where('id', '=', id)
      .where('status', 'in', ['requested', 'processing'])
      .execute();
    if (status === 'failed') {
      log(`[membership] refund ${id} (${taken.refundId}) ended ${taken.state}: it is for the operator to refund by hand`);
    }
    return status;
  }

  /**
   * Asks the provider for a refund not yet taken, or how one under way stands. Safe to run
   * anywhere and at once: the refund number makes the provider refund once.
   */
  async function requestRefund(id: string): Promise<RefundStatus | undefined> {
    const refund = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    if (!refund) return undefined;
    try {
      if (refund.status === 'processing') {
        const found = await provider.queryRefund(id);
        return found ? await recordRefund(id, found) : refund.status;
      }
      if (refund.status !== 'requested') return refund.status;
      const taken = await provider.refund({
        outRefundNo: id,
        outTradeNo: refund.order_id,
        transactionId: refund.transaction_id,
        amountFen: refund.amount_fen,
        reason: refund.reason,
      });
      return await recordRefund(id, taken);
    } catch (error) {
      log(
        `[membership] refund ${id} of transaction ${refund.transaction_id} (order ${refund.order_id}) is not through yet: ${messageOf(error)}`,
      );
      return refund.status;
    }
  }

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
   * Holds the learner's ordering while `work` runs: one new order of a learner at a time, across
   * requests and instances. A request that finds it held waits its turn (the other tab's order is
   * made in a moment); the lease runs out by itself if its holder died.
   */
  async function withOrderLease<T>(userId: number, work: (renew: () => Promise<void>) => Promise<T>): Promise<T> {
    const holder = randomBytes(12).toString('hex');
    await db
      .insertInto('order_leases')
      .values({ user_id: userId, holder: null, until: null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const take = async () => {
      const taken = await db
        .updateTable('order_leases')
        .set({ holder, until: stamp(now(), orderLeaseMs) })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '<=', stamp(now()))]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    };
    // Real time, not the service's clock: this is about requests running side by side.
    const giveUpAt = Date.now() + orderLeaseWaitMs;
    while (!(await take())) {
      if (Date.now() >= giveUpAt) throw tooFrequent(orderLeaseWaitMs / 1000);
      await sleep(orderLeasePollMs);
    }
    const renew = async () => {
      const kept = await db
        .updateTable('order_leases')
        .set({ until: stamp(now(), orderLeaseMs) })
        .where('user_id', '=', userId)
        .where('holder', '=', holder)
        .executeTakeFirst();
      // Only when the provider kept this request waiting past the whole lease: make nothing more.
      if (Number(kept.numUpdatedRows) !== 1) throw tooFrequent(1);
    };
    try {
      return await work(renew);
    } finally {
      await db
        .updateTable('order_leases')
        .set({ holder: null, until: null })
        .where('user_id', '=', userId)
        .where('holder', '=', holder)
        .execute()
        .catch((error: unknown) => log(`[membership] could not release the ordering of user ${userId}: ${messageOf(error)}`));
    }
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
    return withOrderLease(user.id, async (renew) => {
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
