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
 * Environment: BENCH_PAGES (comma-separated paths; default the three pages with a budget),
 * BENCH_LH_RUNS (Lighthouse runs per page, the median is reported; default 3), BENCH_NO_LH=1
 * (first-load JavaScript only), BENCH_NO_BASELINE=1 (skip the blank page), BENCH_VERBOSE=1 (every script of every page, with its size).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { aptInstall, fullChromium } from '../scripts/debian-packages.mjs';
import { chromiumFlags } from '../tests/support/chromium';
import { freePort } from '../tests/support/ports';
import { reporter } from './support';

/** The budgets of issues 10 and 15: first-load JS in KB (gzipped) and the Lighthouse mobile score. */
const budgets: Record<string, { kb: number; score?: number }> = {
  '/': { kb: 130 },
  '/AboutUs': { kb: 130, score: 95 },
  '/ContextualDict': { kb: 170, score: 95 },
  // Issue 15: a reading page of ordinary length (a shipped text of content/, about 370 words) and
  // a whole book on one page (Alice, 27,000 words), whose size Lighthouse feels.
  '/ShortStoryArticle/the-piano-at-the-station': { kb: 150, score: 95 },
  '/Article/carroll-alice': { kb: 150, score: 95 },
};

const pages = (process.env.BENCH_PAGES ?? Object.keys(budgets).join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const withLighthouse = process.env.BENCH_NO_LH !== '1';
const withBaseline = process.env.BENCH_NO_BASELINE !== '1';
const chromePath = fullChromium.path;
// The test command installs only the headless shell; the full browser is installed here when missing.
if (withLighthouse && !existsSync(chromePath)) aptInstall('for the page-weight benchmark', [fullChromium.package]);
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

/** The product in production mode on free ports; stop() ends it and its children. */
async function startProduct(): Promise<{ url: string; stop: () => void }> {
  if (!existsSync(join(root, '.next', 'BUILD_ID'))) throw new Error('no production build: run `npm run build` first');
  const [port, upstreamPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'yujing-page-weight-'));
  const child = spawn(process.execPath, ['scripts/serve.mjs', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      UPSTREAM_PORT: String(upstreamPort),
      DATA_DIR: dataDir,
      DATABASE_PATH: join(dataDir, 'yujing.sqlite'),
      ENV_TYPE: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: 'ignore',
    // Its own process group: serve.mjs supervises two children, which must stop with it.
    detached: true,
  });
  const stop = stopGroup(child);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${url}/healthz`, stop);
  return { url, stop };
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

async function main() {
  const out = reporter('page-weight');
  const product = await startProduct();
  try {
    // One request per page first, so that no figure includes Next's first compile of a route.
    for (const path of pages) await fetch(product.url + path);
    out.say(`# Page weight (production build, ENV_TYPE=production)\n`);
    out.say(`| page | scripts | first-load JS (gzip) | raw | budget | Lighthouse mobile | TBT | LCP |`);
    out.say(`|---|---|---|---|---|---|---|---|`);
    let over = 0;
    const weights = new Map<string, Weight>();
    const row = (name: string, weight: Weight, budgetText: string, lh: { score: number; tbt: number; lcp: number } | null) =>
      out.say(
        `| ${name} | ${weight.scripts} | ${kb(weight.gzipBytes).toFixed(1)} KB | ${kb(weight.rawBytes).toFixed(1)} KB | ${budgetText} | ${
          lh ? lh.score : '–'
        } | ${lh ? `${Math.round(lh.tbt)} ms` : '–'} | ${lh ? `${(lh.lcp / 1000).toFixed(2)} s` : '–'} |`,
      );
    let floor: Weight | null = null;
    if (withBaseline) {
      const blank = await startBlankNextApp();
      try {
        floor = await firstLoadJs(blank.url, '/');
        row('blank Next.js page (baseline)', floor, '–', withLighthouse ? await performanceScore(`${blank.url}/`) : null);
      } finally {
        blank.stop();
      }
    }
    for (const path of pages) {
      const weight = await firstLoadJs(product.url, path);
      weights.set(path, weight);
      const budget = budgets[path];
      const lh = withLighthouse ? await performanceScore(product.url + path) : null;
      const jsOk = !budget || kb(weight.gzipBytes) <= budget.kb;
      const scoreOk = !budget?.score || !lh || lh.score >= budget.score;
      if (!jsOk || !scoreOk) over++;
      const budgetText = budget
        ? `≤ ${budget.kb} KB${budget.score ? `, ≥ ${budget.score}` : ''} ${jsOk && scoreOk ? 'ok' : 'OVER'}`
        : '–';
      row(path, weight, budgetText, lh);
    }
    if (floor) {
      out.say();
      for (const [path, weight] of weights) {
        out.say(
          `${path}: ${(kb(weight.gzipBytes - floor.gzipBytes)).toFixed(1)} KB over the blank page (×${(weight.gzipBytes / floor.gzipBytes).toFixed(2)})`,
        );
      }
    }
    if (process.env.BENCH_VERBOSE === '1') {
      for (const [path, weight] of weights) {
        out.say(`\n${path}:`);
        for (const script of weight.each) out.say(`  ${kb(script.gzipBytes).toFixed(1).padStart(6)} KB  ${script.src}`);
      }
    }
    out.say();
    out.say(over === 0 ? 'every page within its budget' : `${over} page(s) over budget`);
    out.say(`Lighthouse: median of ${lighthouseRuns} run(s), default mobile settings, ${chromePath}`);
    out.save();
  } finally {
    product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
