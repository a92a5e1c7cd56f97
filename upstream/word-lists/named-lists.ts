import type { Selectable } from 'kysely';
import { wordListLimits, type NamedListWord, type NamedWordList } from '../../lib/contract';
import type { Db } from '../db/database';
import { inCodePointOrder, isPostgres } from '../db/dialect';
import type { NamedWordListsTable } from '../db/schema';
import { badRequest, notFound } from '../platform/http';
import { stamp, type Clock } from '../platform/time';
import type { Page, Paging } from './word-book';

export interface ListWord {
  word: string;
  lemma: string;
  sentence: string;
}

const defaultPageSize = 20;
// A stored sentence shows the word in context; it is not an archive of the text.
const maxSentence = 2_000;

/**
 * The user's named word lists ("考前冲刺", "Harry Potter 第一章"), beside the 生词/熟词 list: each
 * holds a word once (by lemma) with the sentence it was met in. Every read and write names the
 * user, so a list of someone else is simply not found.
 */
export function createNamedWordLists({ db, now }: { db: Db; now: Clock }) {
  const counted = (userId: number) =>
    db
      .selectFrom('named_word_lists as l')
      .leftJoin('named_word_list_words as w', 'w.list_id', 'l.id')
      .select(['l.id', 'l.name', 'l.created_at', 'l.updated_at', (eb) => eb.fn.count<number>('w.lemma').as('words')])
      .where('l.user_id', '=', userId)
      .groupBy(['l.id', 'l.name', 'l.created_at', 'l.updated_at']);

  const toList = (
    row: Pick<Selectable<NamedWordListsTable>, 'id' | 'name' | 'created_at' | 'updated_at'> & { words: number | string },
  ): NamedWordList => ({
    list_id: row.id,
    name: row.name,
    words: Number(row.words),
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  async function one(userId: number, listId: number): Promise<NamedWordList> {
    const row = await counted(userId).where('l.id', '=', listId).executeTakeFirst();
    if (!row) throw notFound();
    return toList(row);
  }

  async function owned(trx: Db, userId: number, listId: number) {
    let query = trx.selectFrom('named_word_lists').select('id').where('id', '=', listId).where('user_id', '=', userId);
    // The list's row is the lock under which its word count is checked (SQLite has one writer).
    if (isPostgres(trx)) query = query.forUpdate();
    if (!(await query.executeTakeFirst())) throw notFound();
  }

  async function nameTaken(trx: Db, userId: number, name: string, except?: number) {
    let query = trx.selectFrom('named_word_lists').select('id').where('user_id', '=', userId).where('name', '=', name);
    if (except !== undefined) query = query.where('id', '<>', except);
    return !!(await query.executeTakeFirst());
  }

  return {
    /** The user's lists, newest change first, each with its word count. */
    async lists(userId: number): Promise<NamedWordList[]> {
      const rows = await counted(userId).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc').execute();
      return rows.map(toList);
    },

    one,

    /** One page of a list's words, the latest added first. */
    async words(userId: number, listId: number, paging: Paging): Promise<Page<NamedListWord>> {
      await one(userId, listId);
      const page = paging.page ?? 1;
      const size = paging.page_size ?? defaultPageSize;
      const query = db.selectFrom('named_word_list_words').where('list_id', '=', listId);
      const [rows, total] = await Promise.all([
        query
          .select(['word', 'lemma', 'sentence', 'added_at'])
          .orderBy('added_at', 'desc')
          .orderBy(inCodePointOrder(db, 'lemma'))
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows, total: Number(total.n), page, page_size: size };
    },

    async create(userId: number, name: string): Promise<NamedWordList> {
      const at = stamp(now());
      const id = await db.transaction().execute(async (trx) => {
        if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        if (await nameTaken(trx, userId, name)) throw badRequest(`已有名为“${name}”的词单`);
        const { n } = await trx
          .selectFrom('named_word_lists')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= wordListLimits.maxLists) throw badRequest(`最多 ${wordListLimits.maxLists} 个词单`);
        const row = await trx
          .insertInto('named_word_lists')
          .values({ user_id: userId, name, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return one(userId, id);
    },

    async rename(userId: number, listId: number, name: string): Promise<NamedWordList> {
      await db.transaction().execute(async (trx) => {
        await owned(trx, userId, listId);
        if (await nameTaken(trx, userId, name, listId)) throw badRequest(`已有名为“${name}”的词单`);
        await trx
          .updateTable('named_word_lists')
          .set({ name, updated_at: stamp(now()) })
          .where('id', '=', listId)
          .execute();
      });
      return one(userId, listId);
    },

    async remove(userId: number, listId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await owned(trx, userId, listId);
        await trx.deleteFrom('named_word_list_words').where('list_id', '=', listId).execute();
        await trx.deleteFrom('named_word_lists').where('id', '=', listId).execute();
      });
    },

    /**
     * Adds words to a list in one transaction: a word already there keeps its place and takes
     * the new sentence when one is given. Refused whole when the list would pass its size.
     */
    async addWords(userId: number, listId: number, words: ListWord[]): Promise<{ list: NamedWordList; added: number }> {
      const at = stamp(now());
      const added = await db.transaction().execute(async (trx) => {
        await owned(trx, userId, listId);
        const before = await trx
          .selectFrom('named_word_list_words')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('list_id', '=', listId)
          .executeTakeFirstOrThrow();
        // One row per lemma: the last of a request's duplicates wins.
        const rows = [...new Map(words.map((w) => [w.lemma, w])).values()].map((w) => ({
          list_id: listId,
          lemma: w.lemma,
          word: w.word,
          sentence: w.sentence.slice(0, maxSentence),
          added_at: at,
        }));
        for (const row of rows) {
          await trx
            .insertInto('named_word_list_words')
            .values(row)
            .onConflict((oc) =>
              oc.columns(['list_id', 'lemma']).doUpdateSet((eb) => ({
                word: eb.ref('excluded.word'),
                sentence: row.sentence ? eb.ref('excluded.sentence') : eb.ref('named_word_list_words.sentence'),
              })),
            )
            .execute();
        }
        const after = await trx
          .selectFrom('named_word_list_words')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('list_id', '=', listId)
          .executeTakeFirstOrThrow();
        if (Number(after.n) > wordListLimits.maxWordsPerList) {
          throw badRequest(`一个词单最多 ${wordListLimits.maxWordsPerList} 个单词`);
        }
        await trx.updateTable('named_word_lists').set({ updated_at: at }).where('id', '=', listId).execute();
        return Number(after.n) - Number(before.n);
      });
      return { list: await one(userId, listId), added };
    },

    async removeWord(userId: number, listId: number, lemma: string): Promise<{ list: NamedWordList; removed: boolean }> {
      const removed = await db.transaction().execute(async (trx) => {
        await owned(trx, userId, listId);
        const result = await trx
          .deleteFrom('named_word_list_words')
          .where('list_id', '=', listId)
          .where('lemma', '=', lemma)
          .executeTakeFirst();
        await trx
          .updateTable('named_word_lists')
          .set({ updated_at: stamp(now()) })
          .where('id', '=', listId)
          .execute();
        return Number(result.numDeletedRows) > 0;
      });
      return { list: await one(userId, listId), removed };
    },

    /** The list of this name, made when there is none (add_multi_word_list by name). */
    async byName(userId: number, name: string): Promise<NamedWordList> {
      const row = await counted(userId).where('l.name', '=', name).executeTakeFirst();
      return row ? toList(row) : this.create(userId, name);
    },
  };
}

export type NamedWordLists = ReturnType<typeof createNamedWordLists>;
