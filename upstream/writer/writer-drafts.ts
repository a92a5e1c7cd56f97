import { type WriterDraft, type WriterDraftSummary, writerLimits } from '../../lib/contract';
import type { Db } from '../db/database';
import { isPostgres, maxId } from '../db/dialect';
import type { WriterDraftsTable } from '../db/schema';
import { badRequest, notFound } from '../platform/http';
import { stamp, type Clock } from '../platform/time';

/*
 * A learner's drafts in the writer: a title and the text, newest first, at most
 * writerLimits.maxDrafts each. Saving the same draft again replaces its text (the writer keeps
 * the latest, not a history); someone else's draft is "not found", as if it did not exist.
 */

const countWords = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

/** A draft's title when none is given: its first line, cut at a word. */
export function titleOf(text: string): string {
  const line = text.trim().split(/\r?\n/)[0].trim();
  if (line.length <= 40) return line;
  const cut = line.slice(0, 40);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const summaryOf = (row: Pick<WriterDraftsTable, 'title' | 'word_count' | 'updated_at'> & { id: number }): WriterDraftSummary => ({
  id: Number(row.id),
  title: row.title,
  word_count: Number(row.word_count),
  updated_at: row.updated_at,
});

const tooMany = () => badRequest(`最多保存 ${writerLimits.maxDrafts} 篇草稿，请先删除一些`);

export function createWriterDrafts({ db, now }: { db: Db; now: Clock }) {
  return {
    async list(userId: number): Promise<WriterDraftSummary[]> {
      const rows = await db
        .selectFrom('writer_drafts')
        .select(['id', 'title', 'word_count', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(summaryOf);
    },

    async get(userId: number, id: number): Promise<WriterDraft> {
      if (id < 1 || id > maxId) throw notFound();
      const row = await db
        .selectFrom('writer_drafts')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound();
      return { ...summaryOf(row), text: row.text, created_at: row.created_at };
    },

    async save(userId: number, draft: { id?: number; title?: string; text: string }): Promise<WriterDraftSummary> {
      const at = stamp(now());
      const title = draft.title?.trim() || titleOf(draft.text) || '未命名草稿';
      const values = { title, text: draft.text, word_count: countWords(draft.text), updated_at: at };
      if (draft.id !== undefined) {
        if (draft.id < 1 || draft.id > maxId) throw notFound();
        const row = await db
          .updateTable('writer_drafts')
          .set(values)
          .where('id', '=', draft.id)
          .where('user_id', '=', userId)
          .returning(['id', 'title', 'word_count', 'updated_at'])
          .executeTakeFirst();
        if (!row) throw notFound();
        return summaryOf(row);
      }
      return db.transaction().execute(async (trx) => {
        // The user's row is the lock under which the count is checked (PostgreSQL; SQLite has one
        // writer at a time), so two saves at once cannot pass the limit together.
        if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const { n } = await trx
          .selectFrom('writer_drafts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= writerLimits.maxDrafts) throw tooMany();
        const row = await trx
          .insertInto('writer_drafts')
          .values({ user_id: userId, created_at: at, ...values })
          .returning(['id', 'title', 'word_count', 'updated_at'])
          .executeTakeFirstOrThrow();
        return summaryOf(row);
      });
    },

    async remove(userId: number, id: number): Promise<boolean> {
      if (id < 1 || id > maxId) return false;
      const result = await db.deleteFrom('writer_drafts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type WriterDrafts = ReturnType<typeof createWriterDrafts>;
