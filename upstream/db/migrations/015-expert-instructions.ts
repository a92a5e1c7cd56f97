import type { Kysely } from 'kysely';

// 015_expert_instructions: the instructions experts write for the model, per scene (tutor, explain,
// writer), every update a new version with its author, never overwritten (expert-instructions/).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('expert_instructions')
    .addColumn('scene', 'text', (c) => c.notNull())
    // 1, 2, 3… per scene; two experts saving at once cannot both take the same number.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('instruction', 'text', (c) => c.notNull())
    // The author; kept when the account is gone, as the history is the record of who wrote what.
    .addColumn('editor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The author's account number and nickname as they were, for the history.
    .addColumn('editor_account', 'text', (c) => c.notNull())
    .addColumn('editor_nickname', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('expert_instructions_pk', ['scene', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('expert_instructions').execute();
}
