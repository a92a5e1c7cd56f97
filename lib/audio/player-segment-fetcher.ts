/**
 * The audio engine's fetcher of a segment run's audio (player.ts): in play order, a few at a time
 * and a little ahead of the one sounding, abandoned after too many failures.
 */
import { Aborted } from './player-sound';

/** Spec §9: segment audio fetched 3 at a time, abandoned after 10 failures. */
export const FETCH_CONCURRENCY = 3;
export const MAX_FETCH_ERRORS = 10;
/** Segments fetched ahead of the one sounding, so a long text does not load all at once. */
export const FETCH_LOOKAHEAD = 5;

export class MaxErrors extends Error {
  constructor() {
    super('maxError');
    this.name = 'MaxErrors';
  }
}

export interface SegmentFetcherDeps {
  /** The audio at a URL, from the player's cache of fetched audio or fetched now. */
  fetchBlob: (url: string, signal: AbortSignal) => Promise<Blob>;
  warn: (...args: unknown[]) => void;
}

/**
 * Fetches the run's segment audio (its pieces) in play order, FETCH_CONCURRENCY at a time and at
 * most FETCH_LOOKAHEAD past the one sounding; a failed fetch is tried again until the run has
 * failed MAX_FETCH_ERRORS times in all, which abandons it.
 */
export function segmentFetcher(urls: string[], runSignal: AbortSignal, { fetchBlob, warn }: SegmentFetcherDeps) {
  // Its own signal, so that abandoning or finishing the run also cuts the fetches in flight.
  const controller = new AbortController();
  const { signal } = controller;
  const onRunAbort = () => controller.abort();
  runSignal.addEventListener('abort', onRunAbort, { once: true });
  const ready = new Map<number, Blob>();
  const waiting = new Map<number, { resolve(blob: Blob): void; reject(error: Error): void }>();
  const retry: number[] = [];
  let next = 0;
  let position = 0;
  let inFlight = 0;
  let errors = 0;
  let failed: Error | null = null;
  let cancelled = false;

  const fail = (error: Error) => {
    failed = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    controller.abort();
  };

  const pump = () => {
    while (!failed && !cancelled && !signal.aborted && inFlight < FETCH_CONCURRENCY) {
      let k: number | undefined = retry.shift();
      if (k === undefined && next < urls.length && next <= position + FETCH_LOOKAHEAD) k = next++;
      if (k === undefined) return;
      const index = k;
      inFlight++;
      fetchBlob(urls[index], signal)
        .then(
          (blob) => {
            const waiter = waiting.get(index);
            waiting.delete(index);
            if (waiter) waiter.resolve(blob);
            else ready.set(index, blob);
          },
          (error: unknown) => {
            if (cancelled || failed || signal.aborted) return;
            errors++;
            warn(`[audio] segment ${index} fetch failed (${errors}/${MAX_FETCH_ERRORS})`, error);
            if (errors >= MAX_FETCH_ERRORS) fail(new MaxErrors());
            else retry.push(index);
          },
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  return {
    advance(k: number) {
      position = k;
      pump();
    },
    /** Whether segment k's audio is here already (so it needs no load state). */
    has: (k: number) => ready.has(k),
    get(k: number): Promise<Blob> {
      const blob = ready.get(k);
      if (blob) {
        ready.delete(k);
        return Promise.resolve(blob);
      }
      if (failed) return Promise.reject(failed);
      return new Promise<Blob>((resolve, reject) => {
        const onAbort = () => reject(new Aborted());
        signal.addEventListener('abort', onAbort, { once: true });
        const done = () => signal.removeEventListener('abort', onAbort);
        waiting.set(k, {
          resolve: (b) => {
            done();
            resolve(b);
          },
          reject: (e) => {
            done();
            reject(e);
          },
        });
        pump();
      });
    },
    cancel() {
      cancelled = true;
      ready.clear();
      waiting.clear();
      runSignal.removeEventListener('abort', onRunAbort);
      controller.abort();
    },
  };
}
