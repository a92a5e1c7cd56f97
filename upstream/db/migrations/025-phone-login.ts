import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 025_phone_login: log-in by a code sent by SMS to a mainland mobile number. A user may have a
// phone number (E.164, +86…), one account per number; the codes are kept as e-mail's are, and
// the test environment's SMS outbox beside the mail outbox.

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite cannot add a column with a UNIQUE constraint: the uniqueness is an index of its own.
  await db.schema.alterTable('users').addColumn('phone', 'text').execute();
  await db.schema.createIndex('users_phone').on('users').column('phone').unique().execute();

  await withId(db, db.schema.createTable('sms_codes'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('tries_left', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute();

  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('to_phone', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_to_phone').on('sms_outbox').column('to_phone').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_outbox').execute();
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.dropIndex('users_phone').execute();
  await db.schema.alterTable('users').dropColumn('phone').execute();
}
