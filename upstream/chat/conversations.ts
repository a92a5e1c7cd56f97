import { randomBytes } from 'node:crypto';
import type { AnalysisAnswer, ChatRecord } from '../../lib/contract';
import type { Db } from '../db/database';
import type { Clock } from '../platform/time';
import type { Asker } from '../platform/caller';

/*
 * The tutor's conversations and their messages, in the database so that any instance can carry
 * on a conversation another began, and a restart loses none. A conversation is reached by its
 * unguessable id: one a member began only by that member; one begun without logging in by whoever
 * holds the id (as with a shared link), since a browser without cookies (a script, a privacy
 * mode, a cookie-less in-app view) would otherwise lose its own conversation at the next request.
 */

/**
 * The identities an asker goes by. A logged-in visitor still owns what they began before logging
 * in under the same browser id; the address counts only for a browser without one.
 */
export function identitiesOf(asker: Asker): string[] {
  return [
    ...(asker.userId !== undefined ? [`user:${asker.userId}`] : []),
    ...(asker.visitorId ? [`visitor:${asker.visitorId}`] : []),
    ...(asker.visitorId ? [] : [`ip:${asker.ip}`]),
  ];
}

export interface Conversation {
  id: string;
  owner: string;
  sentence: string | null;
  scene: string;
  analysis: AnalysisAnswer | null;
  /** System replies so far: the round id of the next question. */
  rounds: number;
  pendingSince: string | null;
}

export interface NewMessage {
  type: 'chat' | 'question';
  content: string;
  label?: string;
  start?: number;
  end?: number;
  source?: 'model' | 'offline';
  createdAt: string;
}

/** Why a reply could not be claimed. */
export type ClaimRefusal = 'not-found' | 'pending' | 'wrong-round';

/**
 * A claim left behind by an instance that died mid-reply is taken over after this long: longer
 * than any reply may take (the model's silence limit times a generous number of pieces).
 */
export const staleClaimMs = 10 * 60_000;

export function createConversations({ db, now }: { db: Db; now: Clock }) {
  const toConversation = (row: {
    id: string;
    owner: string;
    sentence: string | null;
    scene: string;
    analysis: string | null;
    rounds: number;
    pending_since: string | null;
  }): Conversation => ({
    id: row.id,
    owner: row.owner,
    sentence: row.sentence,
    scene: row.scene,
    analysis: row.analysis ? (JSON.parse(row.analysis) as AnalysisAnswer) : null,
    rounds: Number(row.rounds),
    pendingSince: row.pending_since,
  });

  async function find(id: string): Promise<Conversation | undefined> {
    // Ids are 32 hex digits; anything else names no conversation (and costs no query).
    if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
    const row = await db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toConversation(row);
  }

  async function messages(id: string): Promise<ChatRecord[]> {
    const rows = await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', id)
      .orderBy('round_id')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      round_id: Number(r.round_id),
      sender: r.sender as ChatRecord['sender'],
      type: r.type as ChatRecord['type'],
      content: r.content,
      ...(r.label !== null ? { label: r.label } : {}),
      ...(r.span_start !== null ? { start: Number(r.span_start) } : {}),
      ...(r.span_end !== null ? { end: Number(r.span_end) } : {}),
      evaluate: Number(r.evaluate),
      ...(r.source !== null ? { source: r.source as 'model' | 'offline' } : {}),
      created_at: r.created_at,
    }));
  }

  return {
    async create(asker: Asker, fields: { sentence?: string; scene: string; analysis?: AnalysisAnswer }): Promise<string> {
      const id = randomBytes(16).toString('hex');
      await db
        .insertInto('conversations')
        .values({
          id,
          owner: identitiesOf(asker)[0],
          sentence: fields.sentence ?? null,
          scene: fields.scene,
          analysis: fields.analysis ? JSON.stringify(fields.analysis) : null,
          pending_since: null,
          created_at: now().toISOString(),
        })
        .execute();
      return id;
    },

    /** The asker's latest analysis of a sentence, from the conversations about it. */
    async latestAnalysis(asker: Asker, sentence: string): Promise<AnalysisAnswer | undefined> {
      const row = await db
        .selectFrom('conversations')
        .select('analysis')
        .where('owner', 'in', identitiesOf(asker))
        .where('sentence', '=', sentence)
        .where('analysis', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.analysis ? (JSON.parse(row.analysis) as AnalysisAnswer) : undefined;
    },

    /**
     * The conversation, when it exists and the asker may use it: a member's only by that member,
     * an anonymous one by whoever holds its id.
     */
    async ownedBy(asker: Asker, id: string): Promise<Conversation | undefined> {
      const conversation = await find(id);
      if (!conversation) return undefined;
      const memberOnly = conversation.owner.startsWith('user:');
      return !memberOnly || identitiesOf(asker).includes(conversation.owner) ? conversation : undefined;
    },

    /**
     * Claims the reply of round `round`: one atomic statement, so that of two asks at once (on
     * any instances) one wins and the other is told a reply is pending.
     */
    async claim(id: string, round: number): Promise<{ claimed: true; since: string } | { claimed: false; why: ClaimRefusal }> {
      const at = now();
      const since = at.toISOString();
      const staleBefore = new Date(at.getTime() - staleClaimMs).toISOString();
      const result = await db
        .updateTable('conversations')
        .set({ pending_since: since })
        .where('id', '=', id)
        .where('rounds', '=', round)
        .where((eb) => eb.or([eb('pending_since', 'is', null), eb('pending_since', '<', staleBefore)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return { claimed: true, since };
      const current = await find(id);
      if (!current) return { claimed: false, why: 'not-found' };
      if (current.pendingSince !== null && current.pendingSince >= staleBefore) return { claimed: false, why: 'pending' };
      return { claimed: false, why: 'wrong-round' };
    },

    /** Gives a claim up without a reply (the model failed, the asker left). */
    async release(id: string, since: string): Promise<void> {
      // Only our own claim: a stale one may have been taken over since.
      await db
        .updateTable('conversations')
        .set({ pending_since: null })
        .where('id', '=', id)
        .where('pending_since', '=', since)
        .execute();
    },

    /** Stores a round's question and reply, advances the round and releases the claim, at once. */
    async completeRound(
      id: string,
      round: number,
      since: string,
      question: NewMessage,
      reply: NewMessage & { source: 'model' | 'offline' },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = (sender: 'user' | 'system', m: NewMessage) => ({
          conversation_id: id,
          round_id: round,
          sender,
          type: m.type,
          content: m.content,
          label: m.label ?? null,
          span_start: m.start ?? null,
          span_end: m.end ?? null,
          source: m.source ?? null,
          created_at: m.createdAt,
        });
        await trx
          .insertInto('chat_messages')
          .values([row('user', question), row('system', reply)])
          .execute();
        await trx
          .updateTable('conversations')
          .set((eb) => ({ rounds: eb('rounds', '+', 1), pending_since: null }))
          .where('id', '=', id)
          .where('pending_since', '=', since)
          .execute();
      });
    },

    messages,

    /** The question of a round, when it was asked and answered. */
    async questionOf(id: string, round: number): Promise<ChatRecord | undefined> {
      return (await messages(id)).find((m) => m.round_id === round && m.sender === 'user');
    },

    /** Sets the learner's verdict on a round's reply; false when that round has no reply. */
    async rate(id: string, round: number, evaluate: 1 | -1): Promise<boolean> {
      const result = await db
        .updateTable('chat_messages')
        .set({ evaluate })
        .where('conversation_id', '=', id)
        .where('round_id', '=', round)
        .where('sender', '=', 'system')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type Conversations = ReturnType<typeof createConversations>;
