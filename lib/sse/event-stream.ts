/**
 * The browser's event-stream client (spec sections 4, 8 and 9), over the platform's EventSource.
 *
 * States: closed (2) before connecting, connecting (0) once it connects, open (1) on the first
 * event, closed again on an error or when closed. An error (or no event within the 30 s connect
 * timeout) closes the source and, up to 3 times, connects again after 1000 ms × the attempt
 * number; after that it logs `max retries reached` and gives up. Credentials go with the request.
 * `close()` stops everything: the source, the pending retry and the timers.
 *
 * EventSource would reconnect on its own after an error, at its own pace and for ever; each
 * source is closed at its first error so that the retries follow the spec instead.
 */

export const STREAM_STATE = { connecting: 0, open: 1, closed: 2 } as const;
export type StreamState = (typeof STREAM_STATE)[keyof typeof STREAM_STATE];

/** Spec section 9. */
export const MAX_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1000;
export const CONNECT_TIMEOUT_MS = 30_000;
export const MAX_RETRIES_MESSAGE = 'max retries reached';

/** The part of EventSource this client uses, so that tests can hand in their own. */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}
export type EventSourceFactory = (url: string, init: { withCredentials: boolean }) => EventSourceLike;

const platformEventSource: EventSourceFactory = (url, init) => new EventSource(url, init);

export interface EventStreamOptions<T> {
  /** Turns one message's data into what the caller reads. */
  parse: (data: string) => T;
  onMessage: (message: T) => void;
  onStateChange?: (state: StreamState) => void;
  /** A new attempt starts (1, 2, 3): what the failed one delivered may be delivered again. */
  onRetry?: (attempt: number) => void;
  /** Every retry failed. */
  onGiveUp?: () => void;
  createSource?: EventSourceFactory;
  log?: (message: string) => void;
  maxRetries?: number;
  retryBaseDelayMs?: number;
  connectTimeoutMs?: number;
}

export interface EventStream {
  readonly state: StreamState;
  /** Stops the stream for good: no more messages, retries or state changes. */
  close(): void;
}

/** Connects at once and keeps the stream going as the spec says until closed or given up. */
export function openEventStream<T>(url: string, options: EventStreamOptions<T>): EventStream {
  const {
    parse,
    onMessage,
    onStateChange,
    onRetry,
    onGiveUp,
    createSource = platformEventSource,
    log = (message: string) => console.error(message),
    maxRetries = MAX_RETRIES,
    retryBaseDelayMs = RETRY_BASE_DELAY_MS,
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
  } = options;

  let state: StreamState = STREAM_STATE.closed;
  let source: EventSourceLike | null = null;
  let attempt = 0;
  let stopped = false;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: StreamState) => {
    if (next === state) return;
    state = next;
    onStateChange?.(next);
  };

  const dropSource = () => {
    clearTimeout(connectTimer);
    connectTimer = undefined;
    if (!source) return;
    source.onopen = source.onmessage = source.onerror = null;
    source.close();
    source = null;
  };

  const opened = () => {
    clearTimeout(connectTimer);
    connectTimer = undefined;
    setState(STREAM_STATE.open);
  };

  const failed = () => {
    if (stopped) return;
    dropSource();
    setState(STREAM_STATE.closed);
    if (attempt >= maxRetries) {
      stopped = true;
      log(MAX_RETRIES_MESSAGE);
      onGiveUp?.();
      return;
    }
    attempt++;
    const thisAttempt = attempt;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (stopped) return;
      onRetry?.(thisAttempt);
      connect();
    }, retryBaseDelayMs * thisAttempt);
  };

  const connect = () => {
    setState(STREAM_STATE.connecting);
    const current = createSource(url, { withCredentials: true });
    source = current;
    connectTimer = setTimeout(failed, connectTimeoutMs);
    current.onopen = () => {
      if (source === current) opened();
    };
    current.onmessage = (event) => {
      if (source !== current) return;
      opened();
      onMessage(parse(String(event.data)));
    };
    current.onerror = () => {
      if (source === current) failed();
    };
  };

  connect();

  return {
    get state() {
      return state;
    },
    close() {
      if (stopped && !source && retryTimer === undefined) {
        setState(STREAM_STATE.closed);
        return;
      }
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      dropSource();
      setState(STREAM_STATE.closed);
    },
  };
}
