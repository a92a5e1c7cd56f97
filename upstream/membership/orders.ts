import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { OrderStatus, OrdersTable, PaymentsTable, User } from '../db/schema';
import type { MembershipConfig } from '../platform/config';
import { badRequest, notFound, UpstreamError } from '../platform/http';
import { days, minutes, stamp, type Clock } from '../platform/time';
import { extendMembership, packageNames, type PackageType } from './packages';
import type { JsapiPageParameters, PaymentProvider, Transaction } from './provider';

/*
 * VIP orders, money handled once. An order's amount comes from the package table, never from the
 * client. It is settled by one transaction, whoever learns of the payment first (the provider's
 * notification, the browser's poll, or the sweep at start): the order's row is locked first, a
 * settled order is left as it is, and the payment's transaction id is unique in the payments
 * ledger, so a replayed, concurrent or late report credits nothing more. Crediting and marking the
 * order paid commit together: a process killed in between leaves the order pending, and the next
 * poll or start asks the provider again and finishes.
 */

export type PayStatus = 'SUCCESS' | 'FAIL' | 'TIMEOUT' | 'NOTPAY';

const payStatusOf: Record<OrderStatus, PayStatus> = {
  pending: 'NOTPAY',
  paid: 'SUCCESS',
  failed: 'FAIL',
  timeout: 'TIMEOUT',
  // Paid after it had timed out (or for a different amount): not credited, the operator refunds.
  flagged: 'TIMEOUT',
};

/** How many pending orders one listing asks the provider about. */
const pendingRefreshedPerList = 3;

export interface OrderSummary {
  order_id: string;
  type: PackageType;
  amount: number;
  channel: OrdersTable['channel'];
  pay_status: PayStatus | 'REFUND';
  created_at: string;
  settled_at: string | null;
}

/** How long after its expiry the sweep at start still asks the provider about a pending order. */
const recoveryWindow = days(2);

export const providerUnavailable = () => new UpstreamError(502, '502', '支付服务暂时不可用，请稍后再试');

export interface OrderDeps {
  db: Db;
  now: Clock;
  config: MembershipConfig;
  /** Null: no payment provider (production without a merchant): orders are refused. */
  provider: PaymentProvider | null;
  log: (line: string) => void;
}

export type Settlement = 'credited' | 'already-settled' | 'flagged' | 'unpaid' | 'failed';

export const paymentNotConfigured = () => new UpstreamError(503, '503', '支付功能尚未开通，请稍后再试');

export function createOrders({ db, now, config, provider: configured, log }: OrderDeps) {
  // Without a provider nothing can be ordered, and so nothing is ever pending.
  const provider: PaymentProvider = configured ?? {
    kind: 'wechat',
    nativeOrder: () => Promise.reject(paymentNotConfigured()),
    jsapiOrder: () => Promise.reject(paymentNotConfigured()),
    queryOrder: () => Promise.resolve(undefined),
    closeOrder: () => Promise.resolve(),
    verifyNotification: () => Promise.reject(paymentNotConfigured()),
  };

  function priceOf(type: PackageType, money: number): number {
    const price = config.packages[type].actualFen;
    // The client's figure is only checked: what is charged is the package table's.
    if (money !== price) throw badRequest(`金额与套餐价格不符（应为 ${price} 分）`);
    return price;
  }

  async function newOrder(user: User, type: PackageType, money: number, channel: OrdersTable['channel']) {
    if (!configured) throw paymentNotConfigured();
    const amount = priceOf(type, money);
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
    log(`[membership] the payment provider refused order ${orderId}: ${error instanceof Error ? error.message : String(error)}`);
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
   * changes; a payment is credited when its amount is the order's and the order had not timed out.
   */
  async function settle(orderId: string, tx: Transaction, source: PaymentsTable['source']): Promise<Settlement> {
    return db.transaction().execute(async (trx) => {
      // Writing first takes the order's row lock (PostgreSQL) or the database's write lock
      // (SQLite) before anything is read: two settlements of one order take turns.
      const order = await trx
        .updateTable('orders')
        .set((eb) => ({ status: eb.ref('status') }))
        .where('id', '=', orderId)
        .returningAll()
        .executeTakeFirst();
      if (!order) return 'unpaid';
      if (tx.tradeState !== 'SUCCESS') {
        if (order.status === 'pending' && (tx.tradeState === 'PAYERROR' || tx.tradeState === 'REVOKED')) {
          await trx
            .updateTable('orders')
            .set({ status: 'failed', settled_at: stamp(now()) })
            .where('id', '=', orderId)
            .execute();
          return 'failed';
        }
        return order.status === 'pending' ? 'unpaid' : 'already-settled';
      }
      const transactionId = tx.transactionId;
      if (!transactionId) throw new Error(`a SUCCESS report for order ${orderId} without a transaction id`);
      const recorded = await trx
        .selectFrom('payments')
        .select('id')
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
      if (recorded || order.status === 'paid' || order.status === 'flagged') return 'already-settled';

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
        log(
          `[membership] order ${orderId} paid but not credited (${flaggedAs}): transaction ${transactionId} is for the operator to refund`,
        );
        return 'flagged';
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
      return 'credited';
    });
  }

  /** A pending order past its time: closed at the provider, then marked, unless it was paid meanwhile. */
  async function expire(orderId: string): Promise<void> {
    try {
      await provider.closeOrder(orderId);
    } catch (error) {
      // Closing failed (the provider is down): the order stays pending and is tried again.
      log(`[membership] could not close order ${orderId}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // Paid in the moment before closing: the payment wins.
    const last = await provider.queryOrder(orderId).catch(() => undefined);
    if (last?.tradeState === 'SUCCESS') {
      await settle(orderId, last, 'poll');
      return;
    }
    await db
      .updateTable('orders')
      .set({ status: 'timeout', settled_at: stamp(now()) })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .execute();
  }

  const statusOf = async (orderId: string) =>
    (await db.selectFrom('orders').select(['status', 'expires_at']).where('id', '=', orderId).executeTakeFirst()) ?? null;

  /**
   * Asks the provider about a pending order and settles it; times it out when its time is up.
   * Answers the order's status after that.
   */
  async function refresh(orderId: string, source: PaymentsTable['source']): Promise<OrderStatus | undefined> {
    const tx = await provider.queryOrder(orderId).catch((error: unknown) => {
      log(`[membership] could not query order ${orderId}: ${error instanceof Error ? error.message : String(error)}`);
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

    /** get_pay_qr_code: a Native order. */
    async qrCodeOrder(user: User, type: PackageType, money: number): Promise<{ code_url: string; order_id: string }> {
      const { order, request } = await newOrder(user, type, money, 'native');
      const answer = await provider.nativeOrder(request).catch((error: unknown) => abandon(order.id, error));
      return { code_url: answer.codeUrl, order_id: order.id };
    },

    /** get_jsapi_pay_info: a JSAPI order for a user who logged in through WeChat. */
    async jsapiOrder(
      user: User,
      type: PackageType,
      money: number,
    ): Promise<{ parameters: JsapiPageParameters; order_id: string }> {
      if (!user.wechat_openid) throw new UpstreamError(417, '417', '未绑定登录账号，请使用密码登录并绑定');
      const openid = user.wechat_openid;
      const { order, request } = await newOrder(user, type, money, 'jsapi');
      const parameters = await provider.jsapiOrder({ ...request, openid }).catch((error: unknown) => abandon(order.id, error));
      return { parameters, order_id: order.id };
    },

    /** get_pay_status: the order's state, asking the provider while it is pending. Owner only. */
    async status(user: User, orderId: string): Promise<{ pay_status: PayStatus; amount: number }> {
      const order = await ownOrder(user, orderId);
      const status = order.status === 'pending' ? ((await refresh(order.id, 'poll')) ?? order.status) : order.status;
      return { pay_status: payStatusOf[status], amount: order.amount_fen };
    },

    /**
     * The user's own orders, newest first. An order still pending is asked about first (at most a
     * few: an abandoned dialog leaves one behind), so the list never shows as open an order that
     * has been paid or has timed out.
     */
    async list(user: User, limit = 20): Promise<OrderSummary[]> {
      const read = () =>
        db
          .selectFrom('orders')
          .select(['id', 'package', 'amount_fen', 'channel', 'status', 'created_at', 'settled_at'])
          .where('user_id', '=', user.id)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .execute();
      let rows = await read();
      const pending = rows.filter((row) => row.status === 'pending').slice(0, pendingRefreshedPerList);
      if (pending.length > 0) {
        for (const row of pending) await refresh(row.id, 'poll');
        rows = await read();
      }
      return rows.map((row) => ({
        order_id: row.id,
        type: row.package,
        amount: row.amount_fen,
        channel: row.channel,
        pay_status: row.status === 'flagged' ? 'REFUND' : payStatusOf[row.status],
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
     * whose settlement a crash interrupted is credited now, and a stale order is closed.
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
      return pending.length;
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
