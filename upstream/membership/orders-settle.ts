/**
 * Settling a VIP order (orders.ts): the one transaction that credits a payment, or flags it, and
 * the refund of a payment flagged because its order had closed or timed out, asked of the
 * provider once that transaction has committed and again until the provider has taken it.
 */
import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentsTable, RefundStatus } from '../db/schema';
import { stamp, type Clock } from '../platform/time';
import { extendMembership } from './packages';
import { type PaymentProvider, type Refund, type Transaction, tradeTypeOf } from './provider';

export type Settlement = 'credited' | 'already-settled' | 'flagged' | 'unpaid' | 'failed';

/**
 * Why a paid transaction is not credited to its order, if it is not: another amount, another way
 * of paying than the order was placed (where the provider says), or an order no longer pending.
 */
function whyNotCredited(
  tx: Pick<Transaction, 'amountFen' | 'tradeType'>,
  order: { amount_fen: number; channel: keyof typeof tradeTypeOf; status: string },
) {
  if (tx.amountFen !== order.amount_fen) return 'flagged-amount' as const;
  if (tx.tradeType !== undefined && tx.tradeType !== tradeTypeOf[order.channel]) return 'flagged-channel' as const;
  if (order.status === 'closed') return 'flagged-closed' as const;
  if (order.status !== 'pending') return 'flagged-late' as const;
  return undefined;
}

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

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface SettlementDeps {
  db: Db;
  now: Clock;
  /** The provider the refunds are asked of. */
  provider: PaymentProvider;
  log: (line: string) => void;
}

/** Settlement and refunds of the orders of one service. */
export function createSettlement({ db, now, provider, log }: SettlementDeps) {
  /**
   * Settles an order by what the provider says of it, in one transaction. Only a pending order
   * changes; a payment is credited when its amount is the order's, it was made the way the order
   * was placed (the trade type of its channel, where the provider says), and the order was still
   * pending (not closed, not timed out). A payment not credited is flagged, and given back when it was for
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
      const flaggedAs = whyNotCredited(tx, order);
      if (flaggedAs) {
        await trx
          .updateTable('orders')
          .set({ status: 'flagged', transaction_id: transactionId, settled_at: at })
          .where('id', '=', orderId)
          .execute();
        await record(trx, { outcome: flaggedAs, amount_fen: tx.amountFen ?? 0, vip_from: null, vip_to: null });
        if (flaggedAs === 'flagged-amount' || flaggedAs === 'flagged-channel') {
          // Another amount, or a payment made another way than the order was placed (a QR code's
          // order paid as H5), is not ours to guess about: the operator looks into it.
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

  return { settle, requestRefund };
}
