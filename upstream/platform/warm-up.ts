import type { Stop } from './module';

/** Long enough for the start's own work (the library's seed check) to be over. */
const warmUpDelayMs = 2_000;

/**
 * Work that a learner's first click would otherwise wait for (reading large files, building a
 * catalogue), done soon after the server listens instead. The answer, at shutdown, cancels it if
 * it has not begun and waits for it if it has. A failure is logged: the first click then tries
 * again.
 */
export function warmUpSoon(what: string, work: () => unknown, log: (line: string) => void): Stop {
  let warming: Promise<unknown> | undefined;
  const timer = setTimeout(() => {
    warming = Promise.resolve()
      .then(work)
      .catch((error) => log(`${what} failed: ${String(error)}`));
  }, warmUpDelayMs);
  timer.unref();
  return async () => {
    clearTimeout(timer);
    await warming;
  };
}
