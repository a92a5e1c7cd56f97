import { describe, expect, it } from 'vitest';
import { FETCH_CONCURRENCY, FETCH_LOOKAHEAD, MAX_FETCH_ERRORS, MaxErrors, segmentFetcher } from './player-segment-fetcher';

interface Call {
  url: string;
  signal: AbortSignal;
  resolve(blob: Blob): void;
}

/** A fetch whose answers the test gives, one call at a time. */
function controlledFetch() {
  const calls: Call[] = [];
  const fetchBlob = (url: string, signal: AbortSignal) => new Promise<Blob>((resolve) => calls.push({ url, signal, resolve }));
  return { calls, fetchBlob };
}

const urls = Array.from({ length: 10 }, (_, i) => `/audio/${i}`);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Answers every call made so far, and every call those answers lead to. */
async function answerAll(calls: Call[]) {
  for (let i = 0; i < calls.length; i++) {
    calls[i].resolve(new Blob([calls[i].url]));
    await flush();
  }
}

describe('the segment fetcher', () => {
  it(`fetches in play order, ${FETCH_CONCURRENCY} at a time and at most ${FETCH_LOOKAHEAD} past the one sounding`, async () => {
    const { calls, fetchBlob } = controlledFetch();
    const fetcher = segmentFetcher(urls, new AbortController().signal, { fetchBlob, warn: () => {} });
    fetcher.advance(0);
    expect(calls.map((c) => c.url)).toEqual(urls.slice(0, FETCH_CONCURRENCY));
    await answerAll(calls);
    expect(calls.map((c) => c.url)).toEqual(urls.slice(0, FETCH_LOOKAHEAD + 1));
    expect(fetcher.has(0)).toBe(true);
    expect(await (await fetcher.get(0)).text()).toBe('/audio/0');
    // Taken once: what has been handed out is not kept.
    expect(fetcher.has(0)).toBe(false);
    fetcher.advance(4);
    await answerAll(calls);
    expect(calls.map((c) => c.url)).toEqual(urls);
  });

  it('hands a segment over when its fetch arrives', async () => {
    const { calls, fetchBlob } = controlledFetch();
    const fetcher = segmentFetcher(urls, new AbortController().signal, { fetchBlob, warn: () => {} });
    const first = fetcher.get(0);
    expect(calls.map((c) => c.url)).toEqual(urls.slice(0, FETCH_CONCURRENCY));
    calls[0].resolve(new Blob(['zero']));
    expect(await (await first).text()).toBe('zero');
  });

  it(`tries failed fetches again and abandons the run after ${MAX_FETCH_ERRORS} failures`, async () => {
    const warnings: unknown[][] = [];
    const fetcher = segmentFetcher(urls.slice(0, 2), new AbortController().signal, {
      fetchBlob: () => Promise.reject(new Error('HTTP 500')),
      warn: (...args) => warnings.push(args),
    });
    fetcher.advance(0);
    await expect(fetcher.get(0)).rejects.toBeInstanceOf(MaxErrors);
    expect(warnings).toHaveLength(MAX_FETCH_ERRORS);
    expect(warnings.at(-1)?.[0]).toMatch(`(${MAX_FETCH_ERRORS}/${MAX_FETCH_ERRORS})`);
  });

  it('cuts the fetches in flight when the run stops, or when it is cancelled', () => {
    const stopped = controlledFetch();
    const run = new AbortController();
    segmentFetcher(urls, run.signal, { fetchBlob: stopped.fetchBlob, warn: () => {} }).advance(0);
    run.abort();
    expect(stopped.calls.every((c) => c.signal.aborted)).toBe(true);

    const cancelled = controlledFetch();
    const fetcher = segmentFetcher(urls, new AbortController().signal, { fetchBlob: cancelled.fetchBlob, warn: () => {} });
    fetcher.advance(0);
    fetcher.cancel();
    expect(cancelled.calls.length).toBe(FETCH_CONCURRENCY);
    expect(cancelled.calls.every((c) => c.signal.aborted)).toBe(true);
  });
});
