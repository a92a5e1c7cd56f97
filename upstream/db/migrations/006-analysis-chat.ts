import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// 006_analysis_chat: the sentences a user analysed (history and sentence bank) and the tutor's
// conversations with their messages.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per user and sentence, updated on re-analysis. Keyed by the sentence's digest: a
  // sentence may be 1,000 characters, more than PostgreSQL's btree takes in a key.
  await db.schema
    .createTable('sentence_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sentence_key', 'text', (c) => c.notNull())
    .addColumn('sentence', 'text', (c) => c.notNull())
    // The conversation of the latest analysis; null when the sentence was banked without one.
    .addColumn('conversation_id', 'text')
    .addColumn('strange', 'integer')
    .addColumn('from_screen', 'text', (c) => c.notNull())
    .addColumn('analysed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sentence_history_pk', ['user_id', 'sentence_key'])
    .execute();
  await db.schema
    .createIndex('sentence_history_user_analysed')
    .on('sentence_history')
    .columns(['user_id', 'analysed_at'])
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'user:<id>', 'visitor:<id>' or 'ip:<address>': who may read and continue it.
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('sentence', 'text')
    .addColumn('scene', 'text', (c) => c.notNull())
    // The analysis answer as JSON, when the conversation is about an analysed sentence.
    .addColumn('analysis', 'text')
    // System replies so far: the round id the next question must carry.
    .addColumn('rounds', 'integer', (c) => c.notNull().defaultTo(0))
    // Set while a reply is being written (the claim that keeps it to one at a time), else null.
    .addColumn('pending_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A new conversation about a sentence takes the owner's latest analysis of it.
  await db.schema.createIndex('conversations_owner').on('conversations').columns(['owner', 'created_at']).execute();

  await withId(db, db.schema.createTable('chat_messages'))
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('round_id', 'integer', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('span_start', 'integer')
    .addColumn('span_end', 'integer')
    .addColumn('evaluate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One question and one reply per round: a second writer of the same round fails here.
  await db.schema
    .createIndex('chat_messages_round')
    .on('chat_messages')
    .columns(['conversation_id', 'round_id', 'sender'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['chat_messages', 'conversations', 'sentence_history']) await db.schema.dropTable(table).execute();
}
