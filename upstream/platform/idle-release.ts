/**
 * What the process keeps only to answer faster (the dictionary's and the parser's caches, the
 * Link Grammar worker, the PDF fonts) is let go after a quiet spell, so that the memory a busy
 * hour took comes back when the hour is over, instead of staying at its peak for good.
 *
 * A holder says how to let go of what it holds (`releaseWhenIdle`); the server notes every request
 * (`noteRequest`). After `idleMs` without a request, each release runs once, and runs again only
 * after the next busy spell. The registry holds its holders weakly: a holder that is gone (an
 * engine of a test that ended) is simply dropped, never kept alive by it.
 */

type Holder = { ref: WeakRef<object>; release: (holder: never) => void };

const holders = new Set<Holder>();
/** Default: ten minutes (UpstreamConfig.idleReleaseMinutes sets it at start). */
let idleMs = 10 * 60_000;
let lastRequest = Date.now();
let released = false;
let timer: NodeJS.Timeout | undefined;

/**
 * Registers how to let go of what `holder` keeps: `release(holder)` runs after a quiet spell. It is
 * handed the holder rather than closing over it, so that the registry does not keep it alive.
 */
export function releaseWhenIdle<T extends object>(holder: T, release: (holder: T) => void): void {
  holders.add({ ref: new WeakRef(holder), release: release as (holder: never) => void });
  watch();
}

/** A request came in: the process is busy, and the quiet spell starts again from now. */
export function noteRequest(): void {
  lastRequest = Date.now();
  released = false;
}

/** Sets how long a quiet spell is (ms). */
export function setIdleReleaseAfter(ms: number): void {
  idleMs = ms;
  if (timer) {
    clearInterval(timer);
    timer = undefined;
  }
  watch();
}

/** Runs every release now (what a quiet spell does); answers how many holders let go. */
export function releaseIdleNow(): number {
  let count = 0;
  for (const holder of holders) {
    const target = holder.ref.deref();
    if (!target) {
      holders.delete(holder);
      continue;
    }
    try {
      holder.release(target as never);
      count++;
    } catch {
      // A holder that cannot let go keeps what it has; the others still do.
    }
  }
  released = true;
  // V8 collects what was let go when it next needs room, and a process gone quiet allocates
  // nothing: started with --expose-gc (scripts/serve.mjs does), the release collects at once.
  (globalThis as { gc?: () => void }).gc?.();
  return count;
}

function watch(): void {
  if (timer || idleMs <= 0) return;
  // Checked a few times per quiet spell: a release comes at most a fifth of a spell late.
  timer = setInterval(
    () => {
      if (!released && Date.now() - lastRequest >= idleMs) releaseIdleNow();
    },
    Math.max(1_000, Math.floor(idleMs / 5)),
  );
  timer.unref();
}
