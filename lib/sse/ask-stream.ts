import type { CallRequest } from '@/lib/contract';
import { type AskStreamMessage, parseAskStreamData } from '@/lib/contract/calls/chat';
import { type EventStream, type EventStreamOptions, openEventStream } from './event-stream';

/** The tutor's streamed answer: `GET /api/ask_stream` with the question as query parameters. */
export type AskStreamQuery = CallRequest<'ask_stream'>;

/** The address of one streamed question on this origin (spec section 7). */
export function askStreamUrl(query: AskStreamQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  return `/api/ask_stream?${params}`;
}

export type AskStreamOptions = Omit<EventStreamOptions<AskStreamMessage>, 'parse'>;

/** Asks the tutor and reads its answer piece by piece, each message read with the contract's parser. */
export function askStream(query: AskStreamQuery, options: AskStreamOptions): EventStream {
  return openEventStream(askStreamUrl(query), { ...options, parse: parseAskStreamData });
}
