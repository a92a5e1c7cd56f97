/*
 * A text/event-stream answer written by a producer: each message is one `data:` line of JSON.
 * The producer's signal aborts when the client goes away, seen either as the request's abort or
 * as the response body being cancelled.
 */

export const eventStreamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: no proxy (nor Next) may compress and so hold back the events.
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

export function eventStream<Message>(
  produce: (send: (message: Message) => void, signal: AbortSignal) => Promise<void>,
  requestSignal: AbortSignal | undefined,
  /** A producer that threw: the last word to the client (it is still connected). */
  onError: (error: unknown, send: (message: Message) => void) => void,
): Response {
  const gone = new AbortController();
  const onAbort = () => gone.abort();
  requestSignal?.addEventListener('abort', onAbort, { once: true });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (message: Message) => {
        if (gone.signal.aborted) return;
        try {
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
        } catch {
          gone.abort();
        }
      };
      produce(send, gone.signal)
        .catch((error: unknown) => onError(error, send))
        .finally(() => {
          requestSignal?.removeEventListener('abort', onAbort);
          try {
            controller.close();
          } catch {
            // cancelled by the client
          }
        });
    },
    cancel() {
      gone.abort();
    },
  });
  return new Response(body, { headers: eventStreamHeaders });
}
