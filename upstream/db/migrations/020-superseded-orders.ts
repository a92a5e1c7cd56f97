import type { Kysely } from 'kysely';

// 020_superseded_orders: a learner's new order closes their earlier unpaid ones at the payment
// provider first (membership/orders.ts). Ordering takes turns per learner under a lease, so that
// two tabs or two instances never leave two payable orders; and a payment that still reaches a
// closed order is refunded, one refund per payment, kept here until the provider has it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_leases')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The request that is making the learner's order now, and until when its lease holds (ISO
    // time): a lease left by a crashed instance runs out.
    .addColumn('holder', 'text')
    .addColumn('until', 'text')
    .execute();

  await db.schema
    .createTable('refunds')
    // The out_refund_no given to the provider, made from the payment's transaction id: asking
    // again with it never refunds twice.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    // One refund per payment (the payments ledger's transaction id).
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // Fen: what was paid, all of it.
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // 'requested' (not yet taken by the provider: asked again) | 'processing' | 'refunded' |
    // 'failed' (the provider closed it or could not pay it back: the operator's)
    .addColumn('status', 'text', (c) => c.notNull())
    // The provider's refund_id once it has taken the refund.
    .addColumn('refund_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_open').on('refunds').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();

  // The payment sandbox refunds as WeChat does: once per refund number, which it keeps.
  await db.schema.alterTable('sandbox_transactions').addColumn('out_refund_no', 'text').execute();
  await db.schema.alterTable('sandbox_transactions').addColumn('refund_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_transactions').dropColumn('refund_id').execute();
  await db.schema.alterTable('sandbox_transactions').dropColumn('out_refund_no').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('order_leases').execute();
}
