import type { Kysely } from 'kysely';

// 012_feeds: the news feeds the upstream reads (content/feeds.ts), what each last answered, who
// is reading it now, and every item already seen.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feeds')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text')
    // The validators of the last full answer, sent back so an unchanged feed answers 304.
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    // Which instance reads the feed now, and until when its lease holds (ISO time): instances
    // sharing a database take turns, and a lease left by a crashed instance runs out.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('last_error', 'text')
    .execute();

  // An item once seen is never imported again: its key (guid, else link) is unique per feed, and
  // instances claim it by inserting, the loser's insert being ignored.
  await db.schema
    .createTable('feed_items')
    .addColumn('feed_url', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    // The document it became (news/<filename>).
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_items_pk', ['feed_url', 'item_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_items').execute();
  await db.schema.dropTable('feeds').execute();
}
