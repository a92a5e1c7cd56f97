import { type Kysely, sql } from 'kysely';

// 026_sandbox_trade_type: the payment sandbox keeps each order's trade type, as WeChat does, so
// that its notification and its query say how the order was placed (NATIVE, JSAPI, or MWEB for
// H5) and the settlement can check that against the order's channel. Rows from before take it
// from their order's channel.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_transactions')
    .addColumn('trade_type', 'text', (c) => c.notNull().defaultTo('NATIVE'))
    .execute();
  await sql`
    update sandbox_transactions set trade_type = case
      (select channel from orders where orders.id = sandbox_transactions.out_trade_no)
      when 'h5' then 'MWEB' when 'jsapi' then 'JSAPI' else 'NATIVE' end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_transactions').dropColumn('trade_type').execute();
}
