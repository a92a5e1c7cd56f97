/**
 * Where a page's main-thread time goes while it loads and hydrates: a Chromium performance trace
 * (the DevTools timeline categories) of one page load under 4× CPU slowdown, as Lighthouse's
 * mobile setting has it, read into the few figures that say what to change:
 *
 * - busy: the renderer's main thread at work (its top-level tasks) from navigation until 2 s after
 *   the load event;
 * - blocking: the part of each task beyond 50 ms, summed (what Total Blocking Time counts);
 * - the longest task;
 * - time by kind (compiling and running scripts, parsing HTML, style, layout, paint), each event
 *   counted once, not again inside another;
 * - script time by file: compiling and running each script (React's hydration runs inside the
 *   chunk that holds react-dom).
 *
 * Used by bench/page-weight.ts with BENCH_TRACE=1; never part of the tests.
 */
import { chromium } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; scriptName?: string; functionName?: string; type?: string };
    beginData?: { url?: string };
    fileName?: string;
  };
}

export interface MainThreadProfile {
  busyMs: number;
  blockingMs: number;
  longestTaskMs: number;
  byKind: Record<string, number>;
  /** Script file (path) → ms compiling and running it, largest first. */
  byScript: [string, number][];
  /** The tasks over 50 ms, longest first: when (ms after the first task), how long, and what ran. */
  longTasks: { atMs: number; ms: number; what: string }[];
}

const kinds: Record<string, string> = {
  EvaluateScript: 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'style',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
};

const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** Loads `url` once in a fresh browser with the trace on and reads the renderer's main thread. */
export async function profileMainThread(url: string, executablePath: string, args: string[]): Promise<MainThreadProfile> {
  const browser = await chromium.launch({ executablePath, args });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'toplevel'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    const buffer = await browser.stopTracing();
    const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    return summarise(events, new URL(url).origin);
  } finally {
    await browser.close();
  }
}

function summarise(events: TraceEvent[], origin: string): MainThreadProfile {
  // The page's main thread: the renderer thread (CrRendererMain) that parsed or ran the page's
  // own files; the browser's own pages (chrome://…) have renderers too.
  const pageThreads = new Set(
    events.filter((e) => (e.args?.data?.url ?? e.args?.beginData?.url)?.startsWith(origin)).map((e) => `${e.pid}:${e.tid}`),
  );
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pageThreads.has(`${e.pid}:${e.tid}`),
  );
  // Top-level tasks, each once: Chromium writes some as two events, one inside the other.
  const tasksOf = (pid: number, tid: number) => {
    const all = events
      .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && TOP_LEVEL.has(e.name) && (e.dur ?? 0) > 0)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let until = -1;
    return all.filter((e) => {
      if (e.ts < until) return false;
      until = e.ts + (e.dur ?? 0);
      return true;
    });
  };
  let best: TraceEvent[] = [];
  let thread = { pid: -1, tid: -1 };
  for (const m of mains) {
    const tasks = tasksOf(m.pid, m.tid);
    if (tasks.length > best.length) {
      best = tasks;
      thread = { pid: m.pid, tid: m.tid };
    }
  }
  const durations = best.map((t) => (t.dur ?? 0) / 1000);
  const busyMs = durations.reduce((a, b) => a + b, 0);
  const blockingMs = durations.reduce((a, d) => a + Math.max(0, d - 50), 0);
  const longestTaskMs = durations.reduce((a, d) => Math.max(a, d), 0);

  // Events of the kinds above on that thread, each counted once: one inside another is skipped.
  const counted = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && kinds[e.name] && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind: Record<string, number> = {};
  const byScript = new Map<string, number>();
  let openUntil = -1;
  for (const e of counted) {
    if (e.ts < openUntil) continue;
    openUntil = e.ts + (e.dur ?? 0);
    const ms = (e.dur ?? 0) / 1000;
    const kind = kinds[e.name];
    byKind[kind] = (byKind[kind] ?? 0) + ms;
    const file = e.args?.data?.url ?? e.args?.data?.scriptName ?? e.args?.fileName;
    if ((kind === 'script' || kind === 'compile') && file) {
      const path = file.startsWith('http') ? new URL(file).pathname : file;
      byScript.set(path, (byScript.get(path) ?? 0) + ms);
    }
  }
  // Each long task, named by the longest event of the kinds above inside it.
  const start = best.length ? Math.min(...best.map((t) => t.ts)) : 0;
  const longTasks = best
    .filter((t) => (t.dur ?? 0) > 50_000)
    .map((t) => {
      const end = t.ts + (t.dur ?? 0);
      const inner = counted.filter((e) => e.ts >= t.ts && e.ts < end).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
      const file = inner?.args?.data?.url ?? inner?.args?.beginData?.url;
      const what = inner
        ? [
            inner.name,
            inner.args?.data?.type,
            inner.args?.data?.functionName,
            file && (file.startsWith('http') ? new URL(file).pathname : file),
          ]
            .filter(Boolean)
            .join(' ')
        : 'other';
      return { atMs: (t.ts - start) / 1000, ms: (t.dur ?? 0) / 1000, what };
    })
    .sort((a, b) => b.ms - a.ms);
  return {
    longTasks,
    busyMs,
    blockingMs,
    longestTaskMs,
    byKind,
    byScript: [...byScript].sort((a, b) => b[1] - a[1]),
  };
}
