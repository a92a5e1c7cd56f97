/**
 * Page weight: per page, the first-load JavaScript (gzipped, summed over the scripts the served
 * HTML actually loads) and the Lighthouse mobile performance score. Never part of the tests.
 *
 *   npm run build && npm run bench:pages
 *
 * It starts the product as ops run it (`scripts/serve.mjs start`: the production build and the
 * embedded upstream) with ENV_TYPE=production, so the test environment's debug console (vConsole)
 * is not loaded, on free ports over a throwaway database. Lighthouse runs Debian's Chromium
 * (the full /usr/bin/chromium) through chrome-launcher with its default mobile settings
 * (a mid-range phone on a throttled network, simulated); nothing is downloaded.
 *
 * The baseline, measured in the same run: a blank Next.js page (one heading, no client code) built
 * with the project's own Next and React in a throwaway folder under .bench-blank/. What the stack
 * ships on every page before the product adds a line is the floor no budget can go under.
 *
 * Environment: BENCH_PAGES (comma-separated paths; default the pages with a budget),
 * BENCH_LH_RUNS (Lighthouse runs per page, the median is reported; default 3), BENCH_NO_LH=1
 * (first-load JavaScript only), BENCH_NO_BASELINE=1 (skip the blank page: no budget is checked),
 * BENCH_TRACE=1 (also a Chromium trace of each page's load: where the main thread's time goes,
 * bench/support/main-thread.ts), BENCH_VERBOSE=1 (every script of every page, with its size).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { aptInstall, fullChromium } from '../scripts/debian-packages.mjs';
import { chromiumFlags } from '../tests/support/chromium';
import { freePort } from '../tests/support/ports';
import { reporter } from './support';
import { type Launched, launchProduct } from './support/product';
import { type MainThreadProfile, profileMainThread } from './support/main-thread';

/**
 * Issue 32's budgets, against the blank page measured in the same run: a page's first-load
 * JavaScript at most this many KB over the blank page's; with `lighthouse`, its Lighthouse mobile
 * score within 5 points of the blank page's and its Total Blocking Time within 1.5× of it.
 */
const budgets: Record<string, { overBlankKb: number; lighthouse?: boolean }> = {
  '/': { overBlankKb: 10 },
  '/AboutUs': { overBlankKb: 10, lighthouse: true },
  // A reading page of ordinary length (a shipped text of content/, about 370 words) and a whole
  // book on one page (Alice, 27,000 words), whose size Lighthouse feels.
  '/ShortStoryArticle/the-piano-at-the-station': { overBlankKb: 10, lighthouse: true },
  '/Article/carroll-alice': { overBlankKb: 10, lighthouse: true },
  // The dictionary and the analysis screen.
  '/ContextualDict': { overBlankKb: 30 },
  '/chatSentence': { overBlankKb: 30 },
};
const scoreMargin = 5;
const tbtRatio = 1.5;

const pages = (process.env.BENCH_PAGES ?? Object.keys(budgets).join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const withLighthouse = process.env.BENCH_NO_LH !== '1';
const withBaseline = process.env.BENCH_NO_BASELINE !== '1';
const withTrace = process.env.BENCH_TRACE === '1';
const chromePath = fullChromium.path;
// The test command installs only the headless shell; the full browser is installed here when missing.
if ((withLighthouse || withTrace) && !existsSync(chromePath)) aptInstall('for the page-weight benchmark', [fullChromium.package]);
// The project's browser flags, headless, without the sandbox (root in a container).
const chromeFlags = ['--headless', '--no-sandbox', ...chromiumFlags];

const root = join(import.meta.dirname, '..');
const kb = (bytes: number) => bytes / 1024;

/** Waits until `url` answers 2xx, or throws once `child` has exited or 3 minutes have passed. */
async function waitUntilUp(child: ReturnType<typeof spawn>, url: string, stop: () => void): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`${url} did not answer within 3 minutes`);
}

/** Ends a detached child and its process group. */
const stopGroup = (child: ReturnType<typeof spawn>) => () => {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
};

/**
 * A blank Next.js page built and started with the project's Next and React: the stack's own
 * first load. It lives under the repository so that it resolves the same node_modules.
 */
async function startBlankNextApp(): Promise<{ url: string; stop: () => void }> {
  const dir = join(root, '.bench-blank');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(
    join(dir, 'app', 'layout.jsx'),
    'export default function RootLayout({ children }) {\n  return <html lang="zh-CN"><body>{children}</body></html>;\n}\n',
  );
  writeFileSync(
    join(dir, 'app', 'page.jsx'),
    'export default function Page() {\n  return <main><h1>语境</h1><p>A blank page.</p></main>;\n}\n',
  );
  const next = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, [next, 'build', dir], { cwd: root, env, stdio: 'ignore' });
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the blank app's build exited with ${code}`))));
  });
  const port = await freePort();
  const child = spawn(process.execPath, [next, 'start', dir, '-p', String(port)], {
    cwd: root,
    env,
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    stopGroup(child)();
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, url, stop);
  return { url, stop };
}

/** The product as ops run it, in production mode (no debug console), on free ports over fresh data. */
async function startProduct(): Promise<Launched> {
  if (!existsSync(join(root, '.next', 'BUILD_ID'))) throw new Error('no production build: run `npm run build` first');
  return launchProduct({ ENV_TYPE: 'production', NEXT_TELEMETRY_DISABLED: '1' });
}

interface Weight {
  scripts: number;
  gzipBytes: number;
  rawBytes: number;
  /** Each script's path and gzipped size, largest first (printed with BENCH_VERBOSE=1). */
  each: { src: string; gzipBytes: number }[];
}

/**
 * The scripts a page's HTML loads (<script src>), each fetched and gzipped, summed. A `nomodule`
 * script (Next's polyfills for browsers without ES modules) is left out: every browser that runs
 * modules, which is every browser the product supports, skips it without downloading it.
 */
async function firstLoadJs(base: string, path: string): Promise<Weight> {
  const answer = await fetch(base + path);
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  const html = await answer.text();
  const sources = new Set<string>();
  for (const tag of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = /\ssrc="([^"]+)"/i.exec(tag[0])?.[1];
    if (src && !/\snomodule\b/i.test(tag[0])) sources.add(new URL(src.replaceAll('&amp;', '&'), base + path).href);
  }
  let gzipBytes = 0;
  let rawBytes = 0;
  const each: Weight['each'] = [];
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(src)).arrayBuffer());
    const gzipped = gzipSync(body).length;
    rawBytes += body.length;
    gzipBytes += gzipped;
    each.push({ src: new URL(src).pathname, gzipBytes: gzipped });
  }
  each.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { scripts: sources.size, gzipBytes, rawBytes, each };
}

/** The median Lighthouse mobile performance score (0–100) of a few runs. */
async function performanceScore(url: string): Promise<{ score: number; tbt: number; lcp: number }> {
  const runs: { score: number; tbt: number; lcp: number }[] = [];
  for (let i = 0; i < lighthouseRuns; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse returned nothing for ${url}`);
      if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      });
    } finally {
      chrome.kill();
    }
  }
  runs.sort((a, b) => a.score - b.score);
  return runs[Math.floor(runs.length / 2)];
}

type Lighthouse = { score: number; tbt: number; lcp: number };

async function main() {
  const out = reporter('page-weight');
  const product = await startProduct();
  try {
    // One request per page first, so that no figure includes Next's first compile of a route.
    for (const path of pages) await fetch(product.base + path);
    out.say(`# Page weight (production build, ENV_TYPE=production)\n`);
    out.say(`| page | scripts | first-load JS (gzip) | over blank | raw | Lighthouse mobile | TBT | LCP | budget |`);
    out.say(`|---|---|---|---|---|---|---|---|---|`);
    let over = 0;
    const weights = new Map<string, Weight>();
    const traces: [string, MainThreadProfile][] = [];
    const row = (name: string, weight: Weight, overBlank: string, lh: Lighthouse | null, budgetText: string) =>
      out.say(
        `| ${name} | ${weight.scripts} | ${kb(weight.gzipBytes).toFixed(1)} KB | ${overBlank} | ${kb(weight.rawBytes).toFixed(1)} KB | ${
          lh ? lh.score : '–'
        } | ${lh ? `${Math.round(lh.tbt)} ms` : '–'} | ${lh ? `${(lh.lcp / 1000).toFixed(2)} s` : '–'} | ${budgetText} |`,
      );
    let floor: { weight: Weight; lh: Lighthouse | null } | null = null;
    if (withBaseline) {
      const blank = await startBlankNextApp();
      try {
        const weight = await firstLoadJs(blank.url, '/');
        floor = { weight, lh: withLighthouse ? await performanceScore(`${blank.url}/`) : null };
        row('blank Next.js page (baseline)', weight, '–', floor.lh, '–');
        if (withTrace) traces.push(['blank Next.js page', await profileMainThread(`${blank.url}/`, chromePath, chromeFlags)]);
      } finally {
        blank.stop();
      }
    }
    for (const path of pages) {
      const weight = await firstLoadJs(product.base, path);
      weights.set(path, weight);
      const budget = budgets[path];
      const lh = withLighthouse && (budget?.lighthouse || !budget) ? await performanceScore(product.base + path) : null;
      if (withTrace) traces.push([path, await profileMainThread(product.base + path, chromePath, chromeFlags)]);
      const overBlank = floor ? weight.gzipBytes - floor.weight.gzipBytes : null;
      const checks: string[] = [];
      let ok = true;
      if (budget && overBlank !== null) {
        const jsOk = kb(overBlank) <= budget.overBlankKb;
        ok &&= jsOk;
        checks.push(`JS ≤ +${budget.overBlankKb} KB ${jsOk ? 'ok' : 'OVER'}`);
        if (budget.lighthouse && lh && floor?.lh) {
          const scoreOk = lh.score >= floor.lh.score - scoreMargin;
          const tbtOk = lh.tbt <= floor.lh.tbt * tbtRatio;
          ok &&= scoreOk && tbtOk;
          checks.push(`score ≥ ${floor.lh.score - scoreMargin} ${scoreOk ? 'ok' : 'OVER'}`);
          checks.push(`TBT ≤ ${Math.round(floor.lh.tbt * tbtRatio)} ms ${tbtOk ? 'ok' : 'OVER'}`);
        }
      }
      if (!ok) over++;
      row(
        path,
        weight,
        overBlank === null
          ? '–'
          : `+${kb(overBlank).toFixed(1)} KB (×${(weight.gzipBytes / floor!.weight.gzipBytes).toFixed(2)})`,
        lh,
        checks.length ? checks.join(', ') : '–',
      );
    }
    if (process.env.BENCH_VERBOSE === '1') {
      for (const [path, weight] of weights) {
        out.say(`\n${path}:`);
        for (const script of weight.each) out.say(`  ${kb(script.gzipBytes).toFixed(1).padStart(6)} KB  ${script.src}`);
      }
    }
    if (traces.length > 0) {
      out.say(`\n## Main thread while loading (Chromium trace, 4× CPU slowdown, until 2 s after load)\n`);
      const kindNames = ['script', 'compile', 'parse HTML', 'style', 'layout', 'paint'];
      out.say(`| page | busy | blocking (>50 ms) | longest task | ${kindNames.join(' | ')} |`);
      out.say(`|---|---|---|---|${kindNames.map(() => '---').join('|')}|`);
      const msText = (n: number | undefined) => `${Math.round(n ?? 0)} ms`;
      for (const [name, t] of traces) {
        out.say(
          `| ${name} | ${msText(t.busyMs)} | ${msText(t.blockingMs)} | ${msText(t.longestTaskMs)} | ${kindNames.map((k) => msText(t.byKind[k])).join(' | ')} |`,
        );
      }
      for (const [name, t] of traces) {
        out.say(`\n${name}: script time by file`);
        for (const [file, msSpent] of t.byScript.slice(0, 6)) out.say(`  ${msText(msSpent).padStart(7)}  ${file}`);
        out.say(`${name}: the longest tasks`);
        for (const task of t.longTasks.slice(0, 6))
          out.say(`  ${msText(task.ms).padStart(7)} at ${msText(task.atMs).padStart(8)}  ${task.what}`);
      }
    }
    out.say();
    out.say(
      !floor
        ? 'no baseline (BENCH_NO_BASELINE=1): budgets not checked'
        : over === 0
          ? 'every page within its budget'
          : `${over} page(s) over budget`,
    );
    if (withLighthouse) out.say(`Lighthouse: median of ${lighthouseRuns} run(s), default mobile settings, ${chromePath}`);
    out.save();
  } finally {
    await product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
