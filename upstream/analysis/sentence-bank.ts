import type { SentenceEntry } from '../../lib/contract';
import type { Db } from '../db/database';
import type { SentenceHistoryTable } from '../db/schema';
import { sha256 } from '../platform/crypto';
import type { Clock } from '../platform/time';

/*
 * The sentences a logged-in user analysed (the history) and marked (the sentence bank, 生句):
 * one row per user and sentence, brought to the top by each new analysis.
 */

const defaultPageSize = 20;

export interface SentencePaging {
  page?: number;
  page_size?: number;
}

const toEntry = (row: SentenceHistoryTable): SentenceEntry => ({
  sentence: row.sentence,
  // A sentence banked without being analysed has no conversation yet.
  conversation_id: row.conversation_id ?? '',
  strange: row.strange === null ? null : (Number(row.strange) as 0 | 1),
  from: row.from_screen,
  analysed_at: row.analysed_at,
});

export function createSentenceBank({ db, now }: { db: Db; now: Clock }) {
  const keyOf = (sentence: string) => sha256(sentence);

  return {
    /** Records an analysis: the row is created, or updated and brought to the top. */
    async recordAnalysis(userId: number, sentence: string, conversationId: string, from: string): Promise<void> {
      const analysedAt = now().toISOString();
      await db
        .insertInto('sentence_history')
        .values({
          user_id: userId,
          sentence_key: keyOf(sentence),
          sentence,
          conversation_id: conversationId,
          strange: null,
          from_screen: from,
          analysed_at: analysedAt,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'sentence_key'])
            .doUpdateSet({ conversation_id: conversationId, from_screen: from, analysed_at: analysedAt }),
        )
        .execute();
    },

    /** Marks a sentence (creating its row when it was never analysed) and answers the entry. */
    async setStrange(userId: number, sentence: string, strange: 0 | 1, from: string | undefined): Promise<SentenceEntry> {
      const row = await db
        .insertInto('sentence_history')
        .values({
          user_id: userId,
          sentence_key: keyOf(sentence),
          sentence,
          conversation_id: null,
          strange,
          from_screen: from ?? '',
          analysed_at: now().toISOString(),
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'sentence_key'])
            // Marking keeps the row's place in the history; only a given `from` replaces the old one.
            .doUpdateSet((eb) => ({ strange, from_screen: from === undefined ? eb.ref('sentence_history.from_screen') : from })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEntry(row);
    },

    async history(userId: number, filter: { strange?: 0 | 1 }, paging: SentencePaging) {
      const page = paging.page ?? 1;
      const size = paging.page_size ?? defaultPageSize;
      let query = db.selectFrom('sentence_history').where('user_id', '=', userId);
      if (filter.strange !== undefined) query = query.where('strange', '=', filter.strange);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('analysed_at', 'desc')
          .orderBy('sentence_key')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEntry), total: Number(total.n), page, page_size: size };
    },
  };
}

export type SentenceBank = ReturnType<typeof createSentenceBank>;
