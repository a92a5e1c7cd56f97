import { type Kysely, sql } from 'kysely';

// 027_code_purpose: a one-time code is for something, logging in or adding the address to the
// account that asked (bind_phone, bind_email); a code for one purpose never serves another. The
// codes already stored are login codes. Their indexes now lead with address and purpose.

const tables = [
  { table: 'email_codes', address: 'email', index: 'email_codes_email' },
  { table: 'sms_codes', address: 'phone', index: 'sms_codes_phone' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, address, index } of tables) {
    await db.schema
      .alterTable(table)
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('login'))
      .execute();
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns([address, 'purpose', 'created_at']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, address, index } of tables) {
    // Codes of other purposes mean nothing without the column: they go with it.
    await sql`delete from ${sql.table(table)} where purpose <> 'login'`.execute(db);
    await db.schema.dropIndex(index).execute();
    await db.schema.alterTable(table).dropColumn('purpose').execute();
    await db.schema.createIndex(index).on(table).columns([address, 'created_at']).execute();
  }
}
