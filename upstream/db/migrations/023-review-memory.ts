import type { Kysely } from 'kysely';

// 023_review_memory: a learner's own FSRS weights, fitted to their review log once it is long
// enough (upstream/review/memory.ts). Kept beside their settings: the weights as a JSON array (null:
// FSRS-6's defaults), how many reviews the last fit read (a fit is repeated only once the log has
// grown well past it), when, and the log loss of the fitted and of the default weights on that log
// (the fitted ones are used only where they predict the learner's answers better).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_settings').addColumn('weights', 'text').execute();
  await db.schema
    .alterTable('review_settings')
    .addColumn('fitted_reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('review_settings').addColumn('fitted_at', 'text').execute();
  await db.schema.alterTable('review_settings').addColumn('fitted_loss', 'double precision').execute();
  await db.schema.alterTable('review_settings').addColumn('default_loss', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['default_loss', 'fitted_loss', 'fitted_at', 'fitted_reviews', 'weights']) {
    await db.schema.alterTable('review_settings').dropColumn(column).execute();
  }
}
