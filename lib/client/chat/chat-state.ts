import type { ChatRecord } from '@/lib/contract/calls/chat';
import type { Constituent } from '../analysis/layers';

/**
 * The tutor chat of one conversation, without React (spec sections 3, 4 and 5, "Chat message",
 * "Chat evaluation", "Chat reply"): the learner's questions and the tutor's replies, the one
 * reply that may be pending, the replies streaming in piece by piece, and the verdicts on them.
 *
 * The round id of a question is the count of the tutor's replies before it (spec section 3); a
 * reply that failed was never stored, so it does not count.
 */

export type Evaluation = -1 | 0 | 1;

export interface ChatMessage {
  id: string;
  sender: 'user' | 'system';
  /** 'question': chosen from the suggested questions; 'chat': typed. */
  type: 'chat' | 'question';
  text: string;
  roundId: number;
  /** The learner's verdict on a reply (1 like, -1 dislike, 0 none). */
  evaluate: Evaluation;
  /** A reply: waiting for its first piece. */
  loading: boolean;
  /** A reply: pieces are still coming. */
  streaming: boolean;
  /** A reply that failed: what to tell the learner. */
  error?: string;
  /** A question: the constituent it is about. */
  constituent?: Constituent;
  /** A reply: 'offline' when the analysis and the grammar catalogue wrote it. */
  source?: 'model' | 'offline';
}

export interface ChatState {
  messages: ChatMessage[];
  /** A reply is pending: nothing more is sent until it settles (spec section 5). */
  pending: boolean;
}

export type ChatAction =
  | { type: 'reset' }
  | { type: 'load'; records: readonly ChatRecord[] }
  | { type: 'ask'; question: string; constituent: Constituent; kind: 'chat' | 'question' }
  | { type: 'chunk'; content: string }
  /** The stream is being asked again from the start: what came so far is dropped. */
  | { type: 'restart' }
  | { type: 'complete' }
  | { type: 'fail'; message: string }
  | { type: 'evaluate'; roundId: number; value: 1 | -1 }
  /** The verdict could not be stored: the thumbs come back. */
  | { type: 'unevaluate'; roundId: number };

export const initialChatState: ChatState = { messages: [], pending: false };

/** The round id the next question takes: the count of replies the tutor has given. */
export const nextRoundId = (state: ChatState) =>
  state.messages.filter((m) => m.sender === 'system' && !m.loading && !m.streaming && !m.error).length;

/** Spec section 5: a question needs text and a selected constituent, and none may be pending. */
export function canAsk(state: ChatState, text: string, constituent: Constituent | null): constituent is Constituent {
  return !state.pending && text.trim().length > 0 && constituent !== null;
}

let ids = 0;
const newId = (prefix: string) => `${prefix}-${++ids}`;

function pendingReply(state: ChatState): number {
  for (let i = state.messages.length - 1; i >= 0; i--) {
    const m = state.messages[i];
    if (m.sender === 'system' && (m.loading || m.streaming)) return i;
  }
  return -1;
}

function updateReply(state: ChatState, update: (m: ChatMessage) => ChatMessage, settle: boolean): ChatState {
  const at = pendingReply(state);
  if (at < 0) return state;
  const messages = state.messages.slice();
  messages[at] = update(messages[at]);
  return { messages, pending: settle ? false : state.pending };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'reset':
      return initialChatState;
    case 'load':
      return {
        pending: false,
        messages: action.records.map((r) => ({
          id: newId(r.sender),
          sender: r.sender,
          type: r.type,
          text: r.content,
          roundId: r.round_id,
          evaluate: r.evaluate === 1 || r.evaluate === -1 ? r.evaluate : 0,
          loading: false,
          streaming: false,
          source: r.source,
          constituent:
            r.label !== undefined && r.start !== undefined && r.end !== undefined
              ? { label: r.label, start: r.start, end: r.end }
              : undefined,
        })),
      };
    case 'ask': {
      const question = action.question.trim();
      if (!canAsk(state, question, action.constituent)) return state;
      const roundId = nextRoundId(state);
      const base = { roundId, evaluate: 0 as const, type: action.kind };
      return {
        pending: true,
        messages: [
          ...state.messages,
          {
            ...base,
            id: newId('user'),
            sender: 'user',
            text: question,
            loading: false,
            streaming: false,
            constituent: action.constituent,
          },
          { ...base, id: newId('system'), sender: 'system', text: '', loading: true, streaming: true },
        ],
      };
    }
    case 'chunk':
      if (!action.content) return state;
      return updateReply(state, (m) => ({ ...m, text: m.text + action.content, loading: false }), false);
    case 'restart':
      return updateReply(state, (m) => ({ ...m, text: '', loading: true }), false);
    case 'complete':
      return updateReply(state, (m) => ({ ...m, loading: false, streaming: false }), true);
    case 'fail':
      return updateReply(state, (m) => ({ ...m, loading: false, streaming: false, error: action.message }), true);
    case 'evaluate': {
      let changed = false;
      const messages = state.messages.map((m) => {
        if (m.sender !== 'system' || m.roundId !== action.roundId || m.evaluate !== 0 || m.streaming || m.error) return m;
        changed = true;
        return { ...m, evaluate: action.value };
      });
      return changed ? { ...state, messages } : state;
    }
    case 'unevaluate': {
      const messages = state.messages.map((m) =>
        m.sender === 'system' && m.roundId === action.roundId && m.evaluate !== 0 ? { ...m, evaluate: 0 as const } : m,
      );
      return { ...state, messages };
    }
  }
}
