import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 022_review: the learning loop. A card is one sense of one lemma that a learner keeps, with the
// sentences they met it in and its FSRS memory state; every rating goes to an append-only log, and
// each lookup now remembers which sense it was answered with (a second lookup of a sense makes a card),
// and the word book the Chinese of the sense its word was last met in.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('review_cards'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lemma', 'text', (c) => c.notNull())
    // The WordNet sense key (or the dictionary's own id of an ECDICT line).
    .addColumn('sense_id', 'text', (c) => c.notNull())
    // The form last met and, for a fixed expression, the expression ("give up").
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('headword', 'text', (c) => c.notNull())
    .addColumn('pos', 'text', (c) => c.notNull())
    .addColumn('sense_en', 'text', (c) => c.notNull())
    .addColumn('sense_zh', 'text', (c) => c.notNull())
    // ECDICT's exam tags, space-separated, easiest first.
    .addColumn('exams', 'text', (c) => c.notNull())
    // How it was made: 'mark' (生词 in the word panel), 'list' (added to a word list), 'repeat' (looked up twice).
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // FSRS's card (ts-fsrs `Card`): state 0 new, 1 learning, 2 review, 3 relearning.
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text')
    .execute();
  await db.schema
    .createIndex('review_cards_sense')
    .on('review_cards')
    .columns(['user_id', 'lemma', 'sense_id'])
    .unique()
    .execute();
  await db.schema.createIndex('review_cards_due').on('review_cards').columns(['user_id', 'due']).execute();
  // The new cards, counted and taken in order of making.
  await db.schema.createIndex('review_cards_state').on('review_cards').columns(['user_id', 'state', 'id']).execute();

  // Every sentence a card's sense was met in, with where it came from.
  await withId(db, db.schema.createTable('review_sentences'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('review_cards.id').onDelete('cascade'))
    .addColumn('pre_context', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('post_context', 'text', (c) => c.notNull())
    // 'lookup', 'reading', 'course', 'list'; and the screen (query_word's `from`).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('from_screen', 'text', (c) => c.notNull())
    // A digest of the sentence: the same sentence is kept once per card, however long it is.
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_sentences_card').on('review_sentences').columns(['card_id', 'digest']).unique().execute();

  // The review log, append-only: a rating, or the undoing of one (`undoes` its id). `review_id`
  // is the client's key of the rating, so that one sent twice (a retry to another instance) counts once.
  await withId(db, db.schema.createTable('review_log'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('review_cards.id').onDelete('cascade'))
    .addColumn('review_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('undoes', 'integer')
    // 1 重来, 2 困难, 3 良好, 4 简单; 0 for an undo.
    .addColumn('rating', 'integer', (c) => c.notNull())
    // The card before the rating: its state, the days since its last review, the days it was scheduled for.
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    // The card before and after, as JSON: undo puts the first back; statistics read the second.
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    // The learner's day (Shanghai) the review counts for.
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_log_key').on('review_log').columns(['user_id', 'review_id']).unique().execute();
  await db.schema.createIndex('review_log_day').on('review_log').columns(['user_id', 'day']).execute();
  await db.schema.createIndex('review_log_card').on('review_log').columns(['card_id', 'id']).execute();
  await db.schema.createIndex('review_log_undoes').on('review_log').columns(['undoes']).execute();

  // A learner's review settings: the retention FSRS aims at and the new cards a day.
  await db.schema
    .createTable('review_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('desired_retention', 'double precision', (c) => c.notNull())
    .addColumn('new_per_day', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Which sense each lookup was answered with (its first gloss), so that a second lookup of the
  // same sense can be seen without reading every stored answer.
  await db.schema.alterTable('lookups').addColumn('sense_id', 'text').execute();
  await db.schema.createIndex('lookups_user_sense').on('lookups').columns(['user_id', 'lemma', 'sense_id']).execute();
  // The sense a listed word was last met in and its Chinese, shown beside it in the word book.
  await db.schema.alterTable('word_list').addColumn('sense_id', 'text').execute();
  await db.schema.alterTable('word_list').addColumn('sense_zh', 'text').execute();

  // An anonymous visitor's lookups (the newest 100 of a browser, for 30 days), which join their
  // account when they log in on that browser.
  await withId(db, db.schema.createTable('visitor_lookups'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('target_word', 'text', (c) => c.notNull())
    .addColumn('lemma', 'text', (c) => c.notNull())
    .addColumn('pre_context', 'text', (c) => c.notNull())
    .addColumn('post_context', 'text', (c) => c.notNull())
    .addColumn('from_screen', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visitor_lookups_visitor').on('visitor_lookups').columns(['visitor_id', 'id']).execute();
  await db.schema.createIndex('visitor_lookups_created').on('visitor_lookups').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visitor_lookups').execute();
  await db.schema.alterTable('word_list').dropColumn('sense_zh').execute();
  await db.schema.alterTable('word_list').dropColumn('sense_id').execute();
  await db.schema.dropIndex('lookups_user_sense').execute();
  await db.schema.alterTable('lookups').dropColumn('sense_id').execute();
  for (const table of ['review_settings', 'review_log', 'review_sentences', 'review_cards']) {
    await db.schema.dropTable(table).execute();
  }
}
