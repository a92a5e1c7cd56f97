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

/** A value that is made when first needed, or sooner, between events, when asked. */
export interface Lazy<T> {
  /** The value, made now if it is not yet. */
  get(): T;
  /**
   * Makes the value a piece at a time between events, for a server to call soon after it listens.
   * A `get` meanwhile makes it at once and stops this, which would only hold a second copy.
   */
  loadSoon(): Promise<void>;
  /** The value if it is made, else undefined. */
  readonly made: T | undefined;
  /**
   * Makes the value between events if it is not made yet (`loadSoon`), and resolves whether it is
   * there and usable (made, and not null): for a call that would rather go without than hold
   * every other request.
   */
  ready(): Promise<boolean>;
}

/**
 * `now` makes the value at once; `soon` makes it between events and gives undefined once its
 * signal is aborted. `kept` hears which of them made it.
 */
export function lazily<T>(
  now: () => T,
  soon: (signal: AbortSignal) => Promise<T | undefined>,
  kept: (value: T, how: 'now' | 'between requests') => void = () => {},
): Lazy<T> {
  let made: { value: T } | undefined;
  let loading: Promise<void> | undefined;
  const superseded = new AbortController();
  const keep = (value: T, how: 'now' | 'between requests') => {
    if (made) return;
    made = { value };
    kept(value, how);
  };
  const lazy: Lazy<T> = {
    get() {
      if (!made) {
        superseded.abort();
        keep(now(), 'now');
      }
      return (made as { value: T }).value;
    },
    loadSoon() {
      loading ??= soon(superseded.signal).then((value) => {
        if (!superseded.signal.aborted && value !== undefined) keep(value, 'between requests');
      });
      return loading;
    },
    get made() {
      return made?.value;
    },
    async ready() {
      if (!made) await lazy.loadSoon();
      return Boolean(made?.value);
    },
  };
  return lazy;
}
