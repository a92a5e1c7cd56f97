import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openTestDatabase, testClock, type TestClock, type TestDatabase } from '../test-harness';
import { createWordBook, type WordBook } from './word-book';

// The calls around the word book run over HTTP in dictionary/dictionary-calls.test.ts; these
// check what it keeps when nothing of the dictionary is involved.
describe('word book', () => {
  let testDb: TestDatabase;
  let db: Db;
  let clock: TestClock;
  let book: WordBook;
  let userId: number;
  beforeEach(async () => {
    testDb = await openTestDatabase();
    db = testDb.db;
    clock = testClock();
    book = createWordBook({ db, now: clock.now });
    ({ id: userId } = await db
      .insertInto('users')
      .values({
        account: '12345678',
        email: 'reader@example.com',
        wechat_openid: null,
        wechat_unionid: null,
        nickname: 'reader',
        headimgurl: '',
        api_token: 'yj_test',
        vip_expires_at: null,
        referrer_account: null,
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterEach(() => testDb.remove());

  const lookUp = (target_word: string, lemma: string, sentence: [string, string], from = 'ContextualDict') => {
    clock.advance(1000);
    return book.recordLookup(userId, { target_word, lemma, pre_context: sentence[0], post_context: sentence[1], from }, []);
  };

  it('answers a lookup’s stored answer for the same word in the same context only', async () => {
    const item = { lemma: 'run', pos: 'v', gloss: [{ sense_id: 'run.v.01', definition: '经营' }] };
    const longBefore = `${'word '.repeat(600)}She `;
    await book.recordLookup(
      userId,
      { target_word: 'ran', lemma: 'run', pre_context: longBefore, post_context: ' a shop.', from: '' },
      [item] as never,
    );
    expect(await book.storedAnswer(userId, { target_word: 'ran', pre_context: longBefore, post_context: ' a shop.' })).toEqual([
      item,
    ]);
    expect(
      await book.storedAnswer(userId, { target_word: 'ran', pre_context: 'She ', post_context: ' a shop.' }),
    ).toBeUndefined();
    expect(
      await book.storedAnswer(userId, { target_word: 'Ran', pre_context: longBefore, post_context: ' a shop.' }),
    ).toBeUndefined();
    expect(
      await book.storedAnswer(userId + 1, { target_word: 'ran', pre_context: longBefore, post_context: ' a shop.' }),
    ).toBeUndefined();
  });

  it('keeps a marked word where it was in the list when it is marked', async () => {
    await lookUp('ran', 'run', ['She ', ' a shop.']);
    await lookUp('leaves', 'leaf', ['The ', ' fell.']);
    clock.advance(1000);
    const marked = await book.setStrange(userId, { word: 'ran', lemma: 'run', strange: 1, from: 'course', sentence: '' });
    expect(marked).toMatchObject({ lemma: 'run', strange: 1, from: 'ContextualDict', sentence: 'She ran a shop.', lookups: 1 });
    const { items } = await book.words(userId, {}, {});
    expect(items.map((w) => w.lemma)).toEqual(['leaf', 'run']);
  });

  it('adds a word marked before it was ever looked up', async () => {
    const entry = await book.setStrange(userId, {
      word: 'Tables',
      lemma: 'table',
      strange: 0,
      from: 'course',
      sentence: 'Tables turn.',
    });
    expect(entry).toMatchObject({ word: 'Tables', lemma: 'table', strange: 0, from: 'course', lookups: 0 });
    expect(await book.listedLemma(userId, ['tables', 'table'])).toBe('table');
    expect(await book.listedLemma(userId, ['chair'])).toBe('chair');
  });

  it('keeps the context of a lookup within bounds, the end of what came before and the start of what follows', async () => {
    const before = `${'a'.repeat(3_000)}END `;
    const after = ` START${'b'.repeat(3_000)}`;
    await lookUp('word', 'word', [before, after]);
    const { items } = await book.lookups(userId, {});
    expect(items[0].pre_context).toHaveLength(2_000);
    expect(items[0].pre_context.endsWith('END ')).toBe(true);
    expect(items[0].post_context.startsWith(' START')).toBe(true);
    expect(items[0].post_context).toHaveLength(2_000);
  });

  it('keeps one thumb per subject and key', async () => {
    await book.feedback('visitor:v1', 'bank|x|1', 1);
    await book.feedback('visitor:v1', 'bank|x|1', 0);
    await book.feedback('visitor:v2', 'bank|x|1', 1);
    const rows = await db.selectFrom('word_feedback').select(['subject', 'feedback_type']).orderBy('subject').execute();
    expect(rows).toEqual([
      { subject: 'visitor:v1', feedback_type: 0 },
      { subject: 'visitor:v2', feedback_type: 1 },
    ]);
  });
});
