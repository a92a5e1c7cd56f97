import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 001_accounts: users, their sessions, e-mail login codes, the outbox and WeChat sandbox codes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('wechat_openid', 'text', (c) => c.unique())
    .addColumn('wechat_unionid', 'text')
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('headimgurl', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('api_token', 'text', (c) => c.notNull().unique())
    .addColumn('balance_api', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_expires_at', 'text')
    .addColumn('referrer_account', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_wechat_unionid').on('users').column('wechat_unionid').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_id').on('auth_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('email_codes'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('tries_left', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_codes_email').on('email_codes').columns(['email', 'created_at']).execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_to_address').on('outbox').column('to_address').execute();

  await db.schema
    .createTable('wechat_sandbox_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('openid', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['wechat_sandbox_codes', 'outbox', 'email_codes', 'auth_tokens', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
