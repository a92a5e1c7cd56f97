import type { Kysely } from 'kysely';

// 008_referral: WeChat's short-lived tickets (the JS-SDK's jsapi_ticket), shared by the instances.

export async function up(db: Kysely<unknown>): Promise<void> {
  // WeChat limits how often a ticket may be fetched a day: one is fetched, kept here until a little
  // before it expires, and used by every instance.
  await db.schema
    .createTable('wechat_tickets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wechat_tickets').execute();
}
