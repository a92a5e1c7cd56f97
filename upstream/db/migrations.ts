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
  '004_content': {
    async up(db) {
      // The content library. A document is addressed like the content call addresses it;
      // sub_category is '' when there is none, because a unique index treats NULLs as distinct.
      await withId(db, db.schema.createTable('documents'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('sub_category', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('year', 'integer')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('licence', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('documents_identity')
        .on('documents')
        .columns(['category', 'sub_category', 'filename'])
        .unique()
        .execute();
      await db.schema.createIndex('documents_category_year').on('documents').columns(['category', 'year']).execute();

      await withId(db, db.schema.createTable('sentences'))
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('word_count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sentences_document').on('sentences').columns(['document_id', 'position']).unique().execute();

      // The word index: a plain table rather than SQLite's FTS5, so that it runs unchanged on
      // PostgreSQL, matches exact word forms (the dictionary supplies the inflections; a stemming
      // tokenizer would conflate words), and counts occurrences, which exam counts need.
      await db.schema
        .createTable('sentence_words')
        .addColumn('sentence_id', 'integer', (c) => c.notNull().references('sentences.id').onDelete('cascade'))
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('occurrences', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sentence_words_pk', ['sentence_id', 'word'])
        .execute();
      await db.schema.createIndex('sentence_words_word').on('sentence_words').columns(['word', 'sentence_id']).execute();

      // Annotation tasks keep their own copy of the sentence, so that re-importing a document
      // (which gives its sentences new ids) never invalidates a task or the answers to it.
      await withId(db, db.schema.createTable('annotation_tasks'))
        .addColumn('sentence_id', 'integer', (c) => c.references('sentences.id').onDelete('set null'))
        .addColumn('sentence', 'text', (c) => c.notNull())
        .addColumn('words', 'text', (c) => c.notNull())
        .addColumn('target_word_index', 'integer', (c) => c.notNull())
        .addColumn('target_offset', 'integer', (c) => c.notNull())
        .addColumn('target_word', 'text', (c) => c.notNull())
        .addColumn('target_lemma', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('annotation_tasks_sentence').on('annotation_tasks').column('sentence_id').unique().execute();
      await db.schema.createIndex('annotation_tasks_lemma').on('annotation_tasks').column('target_lemma').execute();

      // How far task generation has read the library, so that no sentence is examined twice.
      await db.schema
        .createTable('annotation_progress')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('last_sentence_id', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('annotations')
        .addColumn('task_id', 'integer', (c) => c.notNull().references('annotation_tasks.id').onDelete('cascade'))
        .addColumn('annotator', 'text', (c) => c.notNull())
        .addColumn('uid', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('sense_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('annotations_pk', ['task_id', 'annotator'])
        .execute();
      await db.schema.createIndex('annotations_annotator').on('annotations').columns(['annotator', 'task_id']).execute();
      await db.schema.createIndex('annotations_sense').on('annotations').column('sense_id').execute();
    },
    async down(db) {
      for (const table of ['annotations', 'annotation_progress', 'annotation_tasks', 'sentence_words', 'sentences', 'documents']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '005_rate_limits': {
    async up(db) {
      // Fixed-window counters of rate limits (login codes per address, wrong codes per day…):
      // one row per rule, subject and window, counted up by one atomic upsert.
      await db.schema
        .createTable('rate_counters')
        .addColumn('rule', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_counters_pk', ['rule', 'subject', 'window_start'])
        .execute();
      await db.schema.createIndex('rate_counters_expiry').on('rate_counters').column('expires_at').execute();
    },
    async down(db) {
      await db.schema.dropTable('rate_counters').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
