import type { Stop } from './module';

/** Long enough for the start's own work (the library's seed check) to be over. */
const warmUpDelayMs = 2_000;

// The warm-ups of this process that have not ended: from the moment they are scheduled (so that
// the two seconds before one begins count too) until their work ends, fails or is cancelled.
const unfinished = new Set<symbol>();

/**
 * Whether the process is still warming up: GET /ready (upstream/app.ts) answers 503 meanwhile, so
 * that the launcher opens the site, and a balancer sends learners, only to a process that answers
 * as well as it ever will. One process serves one product, so the count is the process's own.
 */
export const warmingUp = (): boolean => unfinished.size > 0;

/**
 * Work that a learner's first click would otherwise wait for (reading large files, building a
 * catalogue), done soon after the server listens instead. The answer, at shutdown, cancels it if
 * it has not begun and waits for it if it has. A failure is logged: the first click then tries
 * again.
 */
export function warmUpSoon(what: string, work: () => unknown, log: (line: string) => void): Stop {
  const mark = Symbol(what);
  unfinished.add(mark);
  let warming: Promise<unknown> | undefined;
  const timer = setTimeout(() => {
    warming = Promise.resolve()
      .then(work)
      .catch((error) => log(`${what} failed: ${String(error)}`))
      .finally(() => unfinished.delete(mark));
  }, warmUpDelayMs);
  timer.unref();
  return async () => {
    clearTimeout(timer);
    if (!warming) unfinished.delete(mark);
    await warming;
  };
}
