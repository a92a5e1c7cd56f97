import type { Selectable } from 'kysely';
import { type LookupEntry, sentenceSourceOf, type TranslationItem, type WordListEntry } from '../../lib/contract';
import type { Db } from '../db/database';
import { inCodePointOrder } from '../db/dialect';
import type { WordListTable } from '../db/schema';
import { clipContext, sentenceOf, type LookupRecord } from '../dictionary/lookup-history';
import { type Clock, days, minutes, stamp } from '../platform/time';
import { senseOfAnswer } from '../review/card-sense';
import type { CardSense, Deck } from '../review/deck';

export interface Paging {
  page?: number;
  page_size?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

const defaultPageSize = 20;
/** What a browser keeps of an anonymous visitor's lookups until they log in. */
const maxVisitorLookups = 100;
const visitorLookupDays = 30;
const sweepEvery = minutes(10);
const clip = (text: string, keepEnd: boolean) => clipContext(text, keepEnd ? 'before' : 'after');

function pageOf(paging: Paging) {
  const page = paging.page ?? 1;
  const size = paging.page_size ?? defaultPageSize;
  return { page, size, offset: (page - 1) * size };
}

function toWordListEntry(row: Selectable<WordListTable>): WordListEntry {
  return {
    word: row.word,
    lemma: row.lemma,
    strange: row.strange === 0 || row.strange === 1 ? row.strange : null,
    from: row.from_screen,
    sentence: row.sentence,
    lookups: row.lookups,
    updated_at: row.updated_at,
    sense_id: row.sense_id,
    sense_zh: row.sense_zh,
  };
}

/** The Chinese of a stored answer's first sense (the meaning in that text), if it has one. */
function chineseOfAnswer(answer: string | null): string | undefined {
  if (!answer) return undefined;
  try {
    const zh = (JSON.parse(answer) as TranslationItem[])[0]?.gloss?.[0]?.sense?.second;
    return typeof zh === 'string' && zh.trim() ? zh.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A logged-in user's side of the dictionary: the lookup history (query_text_history), the word
 * list with its 生词/熟词 marks (query_history, set_strange_status), and the thumbs given on
 * "the meaning in this text" (user_feedback).
 */
export function createWordBook({
  db,
  now,
  cards,
}: {
  db: Db;
  now: Clock;
  /** The review cards: a sense looked up a second time becomes one, and a card keeps each sentence its sense is met in. */
  cards?: Pick<Deck, 'addCard' | 'addSentence'>;
}) {
  // When this process last forgot the visitors' lookups past their 30 days.
  let lastSweep = Number.NEGATIVE_INFINITY;
  /**
   * After a lookup answered with `sense`: its sentence joins the sense's card, and a sense met
   * twice gets a card with both sentences.
   */
  async function meetSense(userId: number, record: LookupRecord, sense: CardSense): Promise<void> {
    if (!cards) return;
    const met = { pre_context: record.pre_context, word: record.target_word, post_context: record.post_context };
    if (
      await cards.addSentence(userId, sense.lemma, sense.sense_id, {
        ...met,
        source: sentenceSourceOf(record.from),
        from: record.from,
      })
    )
      return;
    const earlier = await db
      .selectFrom('lookups')
      .select(['target_word', 'pre_context', 'post_context', 'from_screen'])
      .where('user_id', '=', userId)
      .where('lemma', '=', record.lemma)
      .where('sense_id', '=', sense.sense_id)
      .orderBy('id')
      .limit(20)
      .execute();
    if (earlier.length < 2) return;
    await cards.addCard(
      userId,
      sense,
      'repeat',
      earlier.map((l) => ({
        pre_context: l.pre_context,
        word: l.target_word,
        post_context: l.post_context,
        source: sentenceSourceOf(l.from_screen),
        from: l.from_screen,
      })),
    );
  }

  /** Keeps the lookup and moves its lemma to the top of the user's word list; `at`: when it was made, if not now. */
  async function recordLookup(userId: number, record: LookupRecord, answer: TranslationItem[], when?: string): Promise<void> {
    const at = when ?? stamp(now());
    const pre = clip(record.pre_context, true);
    const post = clip(record.post_context, false);
    const sense = senseOfAnswer(answer, record.target_word);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('lookups')
        .values({
          user_id: userId,
          target_word: record.target_word,
          lemma: record.lemma,
          pre_context: pre,
          post_context: post,
          from_screen: record.from,
          created_at: at,
          answer: JSON.stringify(answer),
          sense_id: sense?.sense_id ?? null,
        })
        .execute();
      await trx
        .insertInto('word_list')
        .values({
          user_id: userId,
          lemma: record.lemma,
          word: record.target_word,
          strange: null,
          from_screen: record.from,
          sentence: sentenceOf({ pre_context: pre, target_word: record.target_word, post_context: post }),
          lookups: 1,
          updated_at: at,
          sense_id: sense?.sense_id ?? null,
          sense_zh: sense?.sense_zh || null,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'lemma']).doUpdateSet((eb) => ({
            word: eb.ref('excluded.word'),
            from_screen: eb.ref('excluded.from_screen'),
            sentence: eb.ref('excluded.sentence'),
            lookups: eb('word_list.lookups', '+', 1),
            updated_at: eb.ref('excluded.updated_at'),
            sense_id: eb.ref('excluded.sense_id'),
            sense_zh: eb.ref('excluded.sense_zh'),
          })),
        )
        .execute();
    });
    if (sense) await meetSense(userId, { ...record, pre_context: pre, post_context: post }, sense);
  }

  return {
    recordLookup,

    async recordVisitorLookup(visitorId: string, record: LookupRecord, answer: TranslationItem[]): Promise<void> {
      const at = now();
      await db
        .insertInto('visitor_lookups')
        .values({
          visitor_id: visitorId,
          target_word: record.target_word,
          lemma: record.lemma,
          pre_context: clip(record.pre_context, true),
          post_context: clip(record.post_context, false),
          from_screen: record.from,
          created_at: stamp(at),
          answer: JSON.stringify(answer),
        })
        .execute();
      // A browser keeps its newest lookups only.
      await db
        .deleteFrom('visitor_lookups')
        .where('visitor_id', '=', visitorId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('visitor_lookups')
            .select('id')
            .where('visitor_id', '=', visitorId)
            .orderBy('id', 'desc')
            .limit(maxVisitorLookups),
        )
        .execute();
      // Those of visitors who never log in are forgotten: swept now and then, not on every lookup.
      if (at.getTime() - lastSweep >= sweepEvery) {
        lastSweep = at.getTime();
        await db
          .deleteFrom('visitor_lookups')
          .where('created_at', '<', stamp(at, -days(visitorLookupDays)))
          .execute();
      }
    },

    async adoptVisitor(visitorId: string | undefined, userId: number): Promise<void> {
      if (!visitorId) return;
      // Taken in one statement, so that two requests at once cannot both record them.
      const taken = await db.deleteFrom('visitor_lookups').where('visitor_id', '=', visitorId).returningAll().execute();
      for (const row of taken.sort((a, b) => a.id - b.id)) {
        const record = {
          target_word: row.target_word,
          lemma: row.lemma,
          pre_context: row.pre_context,
          post_context: row.post_context,
          from: row.from_screen,
        };
        await recordLookup(userId, record, JSON.parse(row.answer) as TranslationItem[], row.created_at);
      }
    },

    async storedAnswer(
      userId: number,
      lookup: Pick<LookupRecord, 'target_word' | 'pre_context' | 'post_context'>,
    ): Promise<TranslationItem[] | undefined> {
      const row = await db
        .selectFrom('lookups')
        .select('answer')
        .where('user_id', '=', userId)
        .where('target_word', '=', lookup.target_word)
        .where('pre_context', '=', clip(lookup.pre_context, true))
        .where('post_context', '=', clip(lookup.post_context, false))
        .where('answer', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.answer ? (JSON.parse(row.answer) as TranslationItem[]) : undefined;
    },

    async lookups(userId: number, paging: Paging): Promise<Page<LookupEntry>> {
      const { page, size, offset } = pageOf(paging);
      const [rows, total] = await Promise.all([
        db
          .selectFrom('lookups')
          .select(['id', 'target_word', 'lemma', 'pre_context', 'post_context', 'from_screen', 'created_at', 'answer'])
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(size)
          .offset(offset)
          .execute(),
        db
          .selectFrom('lookups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map(({ from_screen, answer, ...r }) => {
          const zh = chineseOfAnswer(answer);
          return { ...r, from: from_screen, ...(zh ? { sense_zh: zh } : {}) };
        }),
        total: Number(total.n),
        page,
        page_size: size,
      };
    },

    async words(userId: number, filter: { strange?: 0 | 1; from?: string }, paging: Paging): Promise<Page<WordListEntry>> {
      const { page, size, offset } = pageOf(paging);
      let query = db.selectFrom('word_list').where('user_id', '=', userId);
      if (filter.strange !== undefined) query = query.where('strange', '=', filter.strange);
      if (filter.from) query = query.where('from_screen', '=', filter.from);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('updated_at', 'desc')
          .orderBy(inCodePointOrder(db, 'lemma'))
          .limit(size)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toWordListEntry), total: Number(total.n), page, page_size: size };
    },

    /**
     * Marks a word unfamiliar (1) or familiar (0). A word never looked up is added to the list,
     * so that a course's word can be marked without a lookup first.
     */
    async setStrange(
      userId: number,
      mark: { word: string; lemma: string; strange: 0 | 1; from: string; sentence: string; sense_id?: string; sense_zh?: string },
    ): Promise<WordListEntry> {
      const at = stamp(now());
      const row = await db
        .insertInto('word_list')
        .values({
          user_id: userId,
          lemma: mark.lemma,
          word: mark.word,
          strange: mark.strange,
          from_screen: mark.from,
          sentence: clip(mark.sentence, false),
          lookups: 0,
          updated_at: at,
          sense_id: mark.sense_id ?? null,
          sense_zh: mark.sense_zh || null,
        })
        // Marking keeps the word's place in the list (its sentence, source and order) as it was;
        // a mark given on a sense shown in a sentence names that sense's Chinese.
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'lemma'])
            .doUpdateSet(
              mark.sense_id
                ? { strange: mark.strange, sense_id: mark.sense_id, sense_zh: mark.sense_zh || null }
                : { strange: mark.strange },
            ),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWordListEntry(row);
    },

    /** Of the lemmas a word can be, the first one already on the user's list (else the first). */
    async listedLemma(userId: number, candidates: string[]): Promise<string | undefined> {
      if (candidates.length === 0) return undefined;
      const listed = await db
        .selectFrom('word_list')
        .select('lemma')
        .where('user_id', '=', userId)
        .where('lemma', 'in', candidates)
        .execute();
      const have = new Set(listed.map((r) => r.lemma));
      return candidates.find((c) => have.has(c)) ?? candidates[0];
    },

    /**
     * The user's 生词 (1) and 熟词 (0) marks on some lemmas, for marking a passage's words; lemmas
     * looked up but not marked are left out.
     */
    async marks(userId: number, lemmas: readonly string[]): Promise<Map<string, 0 | 1>> {
      const found = new Map<string, 0 | 1>();
      // In chunks: a long passage has well over a thousand lemmas, and a statement's parameters are bounded.
      for (let i = 0; i < lemmas.length; i += 500) {
        const rows = await db
          .selectFrom('word_list')
          .select(['lemma', 'strange'])
          .where('user_id', '=', userId)
          .where('strange', 'is not', null)
          .where('lemma', 'in', lemmas.slice(i, i + 500))
          .execute();
        for (const row of rows) if (row.strange === 0 || row.strange === 1) found.set(row.lemma, row.strange);
      }
      return found;
    },

    /** One verdict per subject and key: a second one replaces the first. */
    async feedback(subject: string, key: string, feedbackType: 0 | 1): Promise<void> {
      await db
        .insertInto('word_feedback')
        .values({ subject, key, feedback_type: feedbackType, updated_at: stamp(now()) })
        .onConflict((oc) =>
          oc.columns(['subject', 'key']).doUpdateSet((eb) => ({
            feedback_type: eb.ref('excluded.feedback_type'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
  };
}

export type WordBook = ReturnType<typeof createWordBook>;
