#!/usr/bin/env node
// Starts the product: the embedded upstream (unless UPSTREAM_URL points at a real one), then
// Next.js (`start`: the production build, `dev`: the development server), and keeps them running.
//
// A child that dies after it has once started (a crash, an OOM kill, a stray `kill -9`) is
// started again after a back-off that doubles from 0.5 s up to 30 s and resets once the child has
// stayed up for a minute; every exit and restart is logged. Meanwhile the other child goes on:
// while the upstream is away the site answers the catalogue's 502 JSON, and /healthz 503. Only a
// deliberate signal (SIGTERM, SIGINT, SIGHUP) stops the product, and then both children together.
// A child that cannot start at all (bad configuration, port taken) stops the product at once, so
// that the operator sees the error instead of a restart loop.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, linkGrammarInstalled, linkGrammarPackages } from './debian-packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
const port = process.env.PORT || '3000';

const backoff = { firstMs: 500, maxMs: 30_000, stableMs: 60_000 };
const children = new Set();
const restartTimers = new Set();
let stopping = false;

const log = (line) => console.error(`[serve] ${new Date().toISOString()} ${line}`);

/**
 * Runs `node args…` as a supervised child. `ready` (optional) resolves once the child serves;
 * until it has, an exit is a failure to start and stops the product.
 */
function supervise(name, args, env, ready) {
  let attempt = 0;
  let started = false;

  function launch() {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    const since = Date.now();
    children.add(child);
    log(`${name} started (pid ${child.pid})`);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      const diedAt = Date.now();
      const upMs = diedAt - since;
      if (!started) {
        log(`${name} could not start (${signal ?? `exit ${code}`}); stopping the product`);
        stop(code || 1);
        return;
      }
      if (upMs >= backoff.stableMs) attempt = 0;
      const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** attempt);
      attempt += 1;
      log(
        `${name} stopped (${signal ?? `exit ${code}`}) after ${(upMs / 1000).toFixed(1)} s; restart ${attempt} in ${delay / 1000} s`,
      );
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (stopping) return;
        const restarted = launch();
        if (ready) {
          ready().then(
            () => log(`${name} is back (pid ${restarted.pid}, ${((Date.now() - diedAt) / 1000).toFixed(1)} s after it stopped)`),
            (error) => log(`${name} did not answer after restart ${attempt}: ${error.message}`),
          );
        }
      }, delay);
      restartTimers.add(timer);
    });
    return child;
  }

  launch();
  const whenReady = ready ? ready() : Promise.resolve();
  return whenReady.then(() => {
    started = true;
  });
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const timer of restartTimers) clearTimeout(timer);
  for (const child of children) child.kill('SIGTERM');
  // Longer than the upstream's own grace for requests in flight (5 s), so that a clean stop is
  // never cut short; a child still there then is killed, and reaped before the launcher exits.
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    setTimeout(() => process.exit(code), 1000).unref();
  }, 10_000);
  force.unref();
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      process.exit(code);
    }
  }, 50);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal}: stopping the product`);
    stop(0);
  });
}

/** Resolves once `url` answers (with 200 when `needOk`), or fails after `timeoutMs`. */
async function waitForAnswer(url, timeoutMs, needOk) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopping');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000), redirect: 'manual' });
      await res.body?.cancel();
      if (res.ok || !needOk) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answered at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * With DATABASE_URL the product runs as several instances on one PostgreSQL, and a session
 * sealed by one must open on the others: a secret generated on each machine would log people
 * out whenever the load balancer sends them elsewhere. The configuration must give it.
 */
function checkSharedSecrets() {
  if (process.env.DATABASE_URL?.trim() && !process.env.SESSION_SECRET?.trim()) {
    console.error(
      '[serve] DATABASE_URL is set but SESSION_SECRET is not: every instance must seal sessions with the same secret, so set SESSION_SECRET (32+ characters) on all of them',
    );
    process.exit(1);
  }
}

/** The security headers' settings (FRAME_ANCESTORS, IMAGE_ORIGINS), said in one line when wrong. */
function checkSecuritySettings() {
  try {
    require('./security-headers.cjs').readSecurityConfig(process.env);
  } catch (error) {
    console.error(`[serve] ${error.message}`);
    process.exit(1);
  }
}

/** A whole-number setting: `fallback` when unset, else a whole number within [min, max]; otherwise the start stops. */
function wholeNumberSetting(name, { min = 0, max = Number.MAX_SAFE_INTEGER, fallback, rule }) {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    console.error(`[serve] ${name} must be ${rule} (got "${value}")`);
    process.exit(1);
  }
  return Number(value);
}

/** SITE_MAX_HEAP_MB: unset (V8's own limit) or a whole number of MB, 64 at least. */
const siteHeapMb = () =>
  wholeNumberSetting('SITE_MAX_HEAP_MB', { min: 64, fallback: undefined, rule: 'a whole number of MB, 64 or more' });

/**
 * SITE_HEAP_GROWTH_PERCENT: how far the site's heap may grow past its live objects before a full
 * collection (scripts/heap-growth.cjs); unset: 50; 0: V8's own factor; else a whole number up to 400.
 */
const siteHeapGrowthPercent = () =>
  wholeNumberSetting('SITE_HEAP_GROWTH_PERCENT', { max: 400, fallback: 50, rule: 'a whole number from 0 to 400' });

/**
 * The embedded upstream parses sentences with CMU Link Grammar, a Debian package: install it the
 * first time, when it is missing and apt-get can run (as root, or through sudo without a password).
 * When it cannot be installed the product still starts, and sentence analysis answers with its
 * approximate fallback (the upstream says so in one line at start). INSTALL_PARSER=false skips this.
 */
function ensureParser() {
  if (linkGrammarInstalled() || process.env.INSTALL_PARSER === 'false') return;
  try {
    aptInstall('for sentence analysis (the Link Grammar parser)', linkGrammarPackages, { log });
  } catch (error) {
    log(
      `could not install ${linkGrammarPackages.join(' and ')} (${error.message.split('\n')[0]}); sentence analysis will be approximate`,
    );
  }
}

async function main() {
  checkSharedSecrets();
  checkSecuritySettings();
  const siteHeap = siteHeapMb();
  const siteHeapGrowth = siteHeapGrowthPercent();
  if (mode === 'start' && !existsSync(join(root, '.next', 'BUILD_ID'))) {
    console.error('[serve] no production build: run `npm run build` first (or `npm run dev`)');
    process.exit(1);
  }
  const env = {};
  if (!process.env.UPSTREAM_URL) {
    ensureParser();
    const host = process.env.UPSTREAM_HOST || '127.0.0.1';
    const upstreamPort = process.env.UPSTREAM_PORT || '3001';
    const upstreamUrl = `http://${host.includes(':') ? `[${host}]` : host}:${upstreamPort}`;
    env.UPSTREAM_URL = upstreamUrl;
    await supervise(
      'upstream',
      // --expose-gc: the upstream collects what it lets go after a quiet spell (upstream/platform/idle-release.ts).
      ['--expose-gc', '--import', 'tsx', 'upstream/main.ts'],
      { UPSTREAM_HOST: host, UPSTREAM_PORT: upstreamPort },
      // A first start migrates and seeds the library (10 s here when idle, over a minute on a
      // machine busy with other work), then reads the dictionary, the sense model and the parser's
      // models (7 s alone, 10–15 s beside the rest): the site opens once the upstream is ready, so
      // that a first click gets the answer every later one would, not one without the models.
      // Three minutes before the start counts as failed.
      () => waitForAnswer(`${upstreamUrl}/ready`, 180_000, true),
    );
  }
  const nextBin = require.resolve('next/dist/bin/next');
  env.SITE_HEAP_GROWTH_PERCENT = String(siteHeapGrowth);
  // NODE_OPTIONS, not a flag: `next start` serves from a child process, which inherits it.
  env.NODE_OPTIONS = [
    process.env.NODE_OPTIONS ?? '',
    `--require ${JSON.stringify(join(root, 'scripts', 'request-guard.cjs'))}`,
    `--require ${JSON.stringify(join(root, 'scripts', 'heap-growth.cjs'))}`,
    // The site's heap only: the embedded upstream, started above, holds its dictionary uncapped.
    siteHeap ? `--max-old-space-size=${siteHeap}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  // The site listens on HOSTNAME when that is set (as Next's standalone server does; `next start`
  // itself reads only -H), otherwise on every interface.
  const listenHost = process.env.HOSTNAME?.trim();
  const siteHost = listenHost && listenHost !== '0.0.0.0' && listenHost !== '::' ? listenHost : '127.0.0.1';
  const siteUrl = `http://${siteHost.includes(':') ? `[${siteHost}]` : siteHost}:${port}/healthz`;
  const args = [nextBin, mode, '-p', port, ...(listenHost ? ['-H', listenHost] : [])];
  await supervise('next', args, env, () => waitForAnswer(siteUrl, 120_000, false));
  console.log(`[serve] Yujing on http://localhost:${port} (upstream ${env.UPSTREAM_URL ?? process.env.UPSTREAM_URL})`);
}

main().catch((error) => {
  if (stopping) return;
  console.error('[serve]', error.message);
  stop(1);
});
