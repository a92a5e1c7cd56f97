import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 007_membership: VIP orders, the append-only payments ledger, the payment sandbox's own
// transactions, and a member's wish not to renew.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    // The out_trade_no given to the payment provider: 32 random hex digits, unguessable.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'month' | 'year'
    .addColumn('package', 'text', (c) => c.notNull())
    // Fen, from the package table when the order was made.
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // 'sandbox' | 'wechat'
    .addColumn('provider', 'text', (c) => c.notNull())
    // 'native' (QR code) | 'jsapi' (inside WeChat)
    .addColumn('channel', 'text', (c) => c.notNull())
    // 'pending' | 'paid' | 'failed' | 'timeout' | 'flagged' (paid but not credited: the operator refunds)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_pending').on('orders').columns(['status', 'created_at']).execute();

  // Every settlement, never updated or deleted: what was paid, and what it bought.
  await withId(db, db.schema.createTable('payments'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    // The provider's transaction id: one settlement per payment, whoever reports it first.
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // 'credited' | 'flagged-late' | 'flagged-amount'
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('vip_from', 'text')
    .addColumn('vip_to', 'text')
    // How the payment became known: 'notification' | 'poll' | 'recovery'
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user').on('payments').column('user_id').execute();

  // The sandbox plays the payment provider: its side of each order, apart from ours, so that an
  // order paid there and not yet credited here is found again by the poll or the next start.
  await db.schema
    .createTable('sandbox_transactions')
    .addColumn('out_trade_no', 'text', (c) => c.primaryKey())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // WeChat's trade states: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR'
    .addColumn('trade_state', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('time_expire', 'text', (c) => c.notNull())
    .addColumn('success_time', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('vip_renewal_cancelled_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('vip_renewal_cancelled_at').execute();
  await db.schema.dropTable('sandbox_transactions').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('orders').execute();
}
