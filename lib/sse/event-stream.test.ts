import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askStream, askStreamUrl } from './ask-stream';
import { type EventSourceLike, MAX_RETRIES_MESSAGE, openEventStream, STREAM_STATE, type StreamState } from './event-stream';

/** A stand-in for EventSource that the test drives by hand. */
class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly withCredentials: boolean,
  ) {}
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  send(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const states: StreamState[] = [];
  const messages: string[] = [];
  const logs: string[] = [];
  const retries: number[] = [];
  let gaveUp = 0;
  const stream = openEventStream('/api/x?a=1', {
    parse: (data) => data,
    onMessage: (m) => messages.push(m),
    onStateChange: (s) => states.push(s),
    onRetry: (n) => retries.push(n),
    onGiveUp: () => gaveUp++,
    log: (m) => logs.push(m),
    createSource: (url, init) => {
      const source = new FakeSource(url, init.withCredentials);
      sources.push(source);
      return source;
    },
  });
  return { stream, sources, states, messages, logs, retries, gaveUp: () => gaveUp, last: () => sources.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('event stream', () => {
  it('goes from connecting to open on the first event and passes messages on, with credentials', () => {
    const h = harness();
    expect(h.stream.state).toBe(STREAM_STATE.connecting);
    expect(h.states).toEqual([STREAM_STATE.connecting]);
    expect(h.last().withCredentials).toBe(true);
    expect(h.last().url).toBe('/api/x?a=1');
    h.last().send('one');
    h.last().send('two');
    expect(h.stream.state).toBe(STREAM_STATE.open);
    expect(h.states).toEqual([STREAM_STATE.connecting, STREAM_STATE.open]);
    expect(h.messages).toEqual(['one', 'two']);
  });

  it('retries after an error, waiting 1000 ms times the attempt, then gives up and logs it', () => {
    const h = harness();
    h.last().fail();
    expect(h.sources[0].closed).toBe(true);
    expect(h.stream.state).toBe(STREAM_STATE.closed);

    // First retry after 1000 ms, not before.
    vi.advanceTimersByTime(999);
    expect(h.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(h.sources).toHaveLength(2);
    expect(h.stream.state).toBe(STREAM_STATE.connecting);

    h.last().fail();
    vi.advanceTimersByTime(1999);
    expect(h.sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(h.sources).toHaveLength(3);

    h.last().fail();
    vi.advanceTimersByTime(2999);
    expect(h.sources).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(h.sources).toHaveLength(4);
    expect(h.retries).toEqual([1, 2, 3]);
    expect(h.logs).toEqual([]);

    h.last().fail();
    expect(h.logs).toEqual([MAX_RETRIES_MESSAGE]);
    expect(h.gaveUp()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(h.sources).toHaveLength(4);
    expect(h.stream.state).toBe(STREAM_STATE.closed);
  });

  it('counts a connection with no event within 30 s as failed', () => {
    const h = harness();
    vi.advanceTimersByTime(29_999);
    expect(h.sources[0].closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(h.sources[0].closed).toBe(true);
    expect(h.stream.state).toBe(STREAM_STATE.closed);
    vi.advanceTimersByTime(1000);
    expect(h.sources).toHaveLength(2);
  });

  it('an open connection is not cut by the connect timeout', () => {
    const h = harness();
    h.last().open();
    vi.advanceTimersByTime(120_000);
    expect(h.sources).toHaveLength(1);
    expect(h.sources[0].closed).toBe(false);
    expect(h.stream.state).toBe(STREAM_STATE.open);
  });

  it('close stops the source, a pending retry and the timers', () => {
    const h = harness();
    h.last().fail();
    h.stream.close();
    vi.advanceTimersByTime(60_000);
    expect(h.sources).toHaveLength(1);
    expect(h.stream.state).toBe(STREAM_STATE.closed);

    const g = harness();
    g.last().send('a');
    g.stream.close();
    expect(g.sources[0].closed).toBe(true);
    // A late event from the closed source is not delivered.
    g.sources[0].send('late');
    expect(g.messages).toEqual(['a']);
    expect(g.states.at(-1)).toBe(STREAM_STATE.closed);
  });

  it('a message handler may close the stream it is reading', () => {
    const sources: FakeSource[] = [];
    const seen: string[] = [];
    const stream = openEventStream('/s', {
      parse: (d) => d,
      onMessage: (m) => {
        seen.push(m);
        if (m === 'done') stream.close();
      },
      log: () => {},
      createSource: (url, init) => {
        const s = new FakeSource(url, init.withCredentials);
        sources.push(s);
        return s;
      },
    });
    sources[0].send('done');
    sources[0].fail();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual(['done']);
    expect(sources).toHaveLength(1);
    expect(stream.state).toBe(STREAM_STATE.closed);
  });
});

describe('ask stream', () => {
  it('puts the question in the query and reads each message with the contract', () => {
    const query = {
      label: '主语',
      start: 0,
      end: 3,
      question: '这个主语的中心词是什么？',
      conversation_id: 'c1',
      round_id: 2,
      scene: 'sentence',
    };
    const url = askStreamUrl(query);
    expect(url.startsWith('/api/ask_stream?')).toBe(true);
    expect(Object.fromEntries(new URL(url, 'http://x').searchParams)).toEqual({
      label: '主语',
      start: '0',
      end: '3',
      question: '这个主语的中心词是什么？',
      conversation_id: 'c1',
      round_id: '2',
      scene: 'sentence',
    });

    const sources: FakeSource[] = [];
    const messages: unknown[] = [];
    askStream(query, {
      onMessage: (m) => messages.push(m),
      createSource: (u, init) => {
        const s = new FakeSource(u, init.withCredentials);
        sources.push(s);
        return s;
      },
    });
    sources[0].send('{"content":"主语"}');
    sources[0].send('{"content":"","completed":true}');
    sources[0].send('{"status":"000","description":"操作太频繁"}');
    sources[0].send('not json');
    expect(messages).toEqual([
      { type: 'chunk', content: '主语', completed: false },
      { type: 'chunk', content: '', completed: true },
      { type: 'refusal', status: '000', description: '操作太频繁' },
      { type: 'text', text: 'not json' },
    ]);
  });
});
