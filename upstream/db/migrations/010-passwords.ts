import type { Kysely } from 'kysely';

// 010_passwords: a password a user may set, to log in by account number or e-mail with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  // An argon2id hash in its encoded form: algorithm, parameters and salt travel with it, so that
  // stronger parameters later need no migration. Null: no password set.
  await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
  await db.schema.alterTable('users').addColumn('password_set_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_set_at').execute();
  await db.schema.alterTable('users').dropColumn('password_hash').execute();
}
