import { setImmediate as nextTurn } from 'node:timers/promises';

/*
 * A long computation written once and run two ways: a generator that yields between pieces of
 * its work. Run at once, it is an ordinary call; run between events, a server keeps answering
 * while it goes on (reading the parser's models takes two seconds of work, which a server that
 * has just started must not spend holding every request).
 */

/** Work that yields (nothing) between its pieces and returns `T` at the end. */
export type Steps<T> = Generator<void, T, void>;

/** The work done now, in one go. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The work done a piece at a time, letting the event loop turn between pieces. Once `signal` is
 * aborted (the same work was done at once meanwhile) it stops between two pieces and gives
 * undefined.
 */
export async function runBetweenEvents<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T | undefined> {
  for (;;) {
    if (signal?.aborted) {
      steps.return(undefined as T);
      return undefined;
    }
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}
