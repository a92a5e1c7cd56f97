import { z } from 'zod';
import { def, num, obj, str, strOrNum } from '../define';
import { envelope, okStatus } from '../envelope';
import { explanation } from '../shapes';
import { analysisAnswer } from './analysis';

/**
 * The AI tutor: questions about a constituent of an analysed sentence, answered at once or as a
 * stream, explanations, and the learner's verdict on a reply.
 */

/** The constituent a question is about: its label and word span in the analysed sentence. */
const chatPosition = { label: str, start: num, end: num, conversation_id: strOrNum };

/** One stored message of a conversation: the learner's question or the tutor's reply. */
export const chatRecord = obj({
  /** The round the message belongs to: the count of system replies before it. */
  round_id: num,
  sender: z.enum(['user', 'system']),
  type: z.enum(['chat', 'question']),
  content: str,
  /** The constituent asked about (user messages). */
  label: str.optional(),
  start: num.optional(),
  end: num.optional(),
  /** The learner's verdict on a system reply: 1 like, -1 dislike, 0 none. */
  evaluate: num,
  /** 'model' when the language model wrote the reply, 'offline' for the offline explanation. */
  source: z.enum(['model', 'offline']).optional(),
  created_at: str,
});
export type ChatRecord = z.infer<typeof chatRecord>;

// ---- the event stream of ask_stream (spec section 7) -------------------------------------------

/**
 * A piece of the tutor's reply. Pieces are appended in order; the last one says `completed`.
 * Either field may be left out (a closing message may carry no text), not both.
 */
export const askStreamChunk = obj({
  content: str.optional(),
  completed: z.boolean().optional(),
}).refine((m) => m.content !== undefined || m.completed !== undefined, 'neither content nor completed');

/**
 * A refusal sent inside the stream, in the envelope's terms: once the stream has started its
 * HTTP status can no longer say it, so a quota code (spec section 4) or an error of the
 * catalogue comes as a message.
 */
export const askStreamRefusal = obj({
  status: strOrNum,
  description: str.optional(),
}).refine((m) => String(m.status) !== okStatus, 'an OK status is no refusal');

/** What one message's data of `ask_stream` holds once parsed as JSON. */
export const askStreamEvent = z.union([askStreamChunk, askStreamRefusal]);

/** One message of `ask_stream`, read. */
export type AskStreamMessage =
  | { type: 'chunk'; content: string; completed: boolean }
  | { type: 'refusal'; status: string; description: string | undefined }
  /** JSON that is neither: passed on as it came. */
  | { type: 'other'; data: unknown }
  /** Not JSON: spec section 7 leaves such data as text. */
  | { type: 'text'; text: string };

/** Spec section 7: each message's data is parsed as JSON, or left as text when that fails. */
export function eventDataOf(data: string): { json: unknown } | { text: string } {
  try {
    return { json: JSON.parse(data) as unknown };
  } catch {
    return { text: data };
  }
}

/** Reads the data of one `ask_stream` message (the joined `data:` lines of one event). */
export function parseAskStreamData(data: string): AskStreamMessage {
  const read = eventDataOf(data);
  if ('text' in read) return { type: 'text', text: read.text };
  const chunk = askStreamChunk.safeParse(read.json);
  if (chunk.success) return { type: 'chunk', content: chunk.data.content ?? '', completed: chunk.data.completed ?? false };
  const refusal = askStreamRefusal.safeParse(read.json);
  if (refusal.success) return { type: 'refusal', status: String(refusal.data.status), description: refusal.data.description };
  return { type: 'other', data: read.json };
}

// ---- the calls ----------------------------------------------------------------------------------

export const chatCalls = {
  /** A new conversation about the sentence (or, without one, a free chat: scene cloze). */
  create_conversation: def('create_conversation', {
    request: obj({ sentence: str.min(1).max(1_000).optional(), scene: str.max(32).optional() }),
    response: envelope(obj({ conversation_id: strOrNum })),
  }),
  get_questions: def('get_questions', {
    request: obj(chatPosition),
    response: envelope(obj({ questions: z.array(str) })),
  }),
  /** The same question as ask_stream, answered in one piece. */
  ask: def('ask', {
    request: obj({ ...chatPosition, question: str.min(1).max(5_000), round_id: strOrNum, scene: str.optional() }),
    response: envelope(obj({ content: str, round_id: num })),
  }),
  ask_stream: def('ask_stream', {
    method: 'GET',
    kind: 'sse',
    // The language model's answer: a use of the caller's.
    spends: true,
    // Query parameters arrive as text: the span may be digits in a string.
    request: obj({
      ...chatPosition,
      start: strOrNum,
      end: strOrNum,
      question: str.min(1).max(5_000),
      round_id: strOrNum,
      scene: str.optional(),
    }),
    events: askStreamEvent,
  }),
  explain: def('explain', {
    request: obj({ answer: str, round_id: strOrNum, conversation_id: strOrNum }),
    response: envelope(z.array(explanation)),
  }),
  store_sentence_user_feedback: def('store_sentence_user_feedback', {
    request: obj({
      good_or_bad: z.union([z.literal(1), z.literal(-1)]),
      conversation_id: strOrNum,
      round_id: strOrNum,
      role: str,
    }),
  }),
  get_conversation_history: def('get_conversation_history', {
    request: obj({ conversation_id: strOrNum }),
    response: envelope(
      obj({
        conversation_id: strOrNum,
        sentence: z.union([str, z.null()]),
        scene: str,
        /** The sentence's analysis, when the conversation is about one. */
        analysis: z.union([analysisAnswer, z.null()]),
        messages: z.array(chatRecord),
      }),
    ),
  }),
} as const;
