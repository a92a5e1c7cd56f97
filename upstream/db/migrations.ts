import {
  PostgresAdapter,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';

/*
 * Versioned schema changes, applied in name order by Kysely's Migrator, which records each one in
 * `kysely_migration`. A migration, once released, is never edited: add the next one instead.
 * Written with Kysely's schema builder so that the same list runs on SQLite and PostgreSQL.
 */

// SQLite and PostgreSQL spell an auto-numbered key differently.
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const migrations: Record<string, Migration> = {
  '001_accounts': {
    async up(db) {
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
    },
    async down(db) {
      for (const table of ['wechat_sandbox_codes', 'outbox', 'email_codes', 'auth_tokens', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '002_usage': {
    async up(db) {
      await db.schema
        .createTable('usage')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('feature', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_pk', ['day', 'subject', 'feature'])
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('usage').execute();
    },
  },
  '003_dictionary': {
    async up(db) {
      // Every lookup of a logged-in user: the history screens read it newest first.
      await withId(db, db.schema.createTable('lookups'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target_word', 'text', (c) => c.notNull())
        .addColumn('lemma', 'text', (c) => c.notNull())
        .addColumn('pre_context', 'text', (c) => c.notNull())
        .addColumn('post_context', 'text', (c) => c.notNull())
        .addColumn('from_screen', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lookups_user').on('lookups').columns(['user_id', 'id']).execute();

      // The user's word list: one row per lemma, with the latest sentence and its familiarity.
      await db.schema
        .createTable('word_list')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('lemma', 'text', (c) => c.notNull())
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('strange', 'integer')
        .addColumn('from_screen', 'text', (c) => c.notNull())
        .addColumn('sentence', 'text', (c) => c.notNull())
        .addColumn('lookups', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('word_list_pk', ['user_id', 'lemma'])
        .execute();
      await db.schema.createIndex('word_list_user_updated').on('word_list').columns(['user_id', 'updated_at']).execute();

      // Thumbs on "the meaning in this text": one verdict per user (or visitor) and result key.
      await db.schema
        .createTable('word_feedback')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('feedback_type', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('word_feedback_pk', ['subject', 'key'])
        .execute();
    },
    async down(db) {
      for (const table of ['word_feedback', 'word_list', 'lookups']) await db.schema.dropTable(table).execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
