#!/usr/bin/env node
// Starts the product: the embedded upstream (unless UPSTREAM_URL points at a real one), then
// Next.js (`start`: the production build, `dev`: the development server). Both stop together.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
const port = process.env.PORT || '3000';
const children = new Set();
let stopping = false;

function run(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[serve] ${name} stopped (${signal ?? code}); stopping the product`);
      stop(code ?? 1);
    }
  });
  return child;
}

function stop(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(code);
  }, 5000);
  force.unref();
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      process.exit(code);
    }
  }, 50);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the embedded upstream did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function main() {
  if (mode === 'start' && !existsSync(join(root, '.next', 'BUILD_ID'))) {
    console.error('[serve] no production build: run `npm run build` first (or `npm run dev`)');
    process.exit(1);
  }
  const env = {};
  if (!process.env.UPSTREAM_URL) {
    const host = process.env.UPSTREAM_HOST || '127.0.0.1';
    const upstreamPort = process.env.UPSTREAM_PORT || '3001';
    env.UPSTREAM_URL = `http://${host}:${upstreamPort}`;
    run('upstream', ['--import', 'tsx', 'upstream/main.ts'], { UPSTREAM_HOST: host, UPSTREAM_PORT: upstreamPort });
    await waitForHealth(env.UPSTREAM_URL, 60_000);
  }
  const nextBin = require.resolve('next/dist/bin/next');
  // NODE_OPTIONS, not a flag: `next start` serves from a child process, which inherits it.
  env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(join(root, 'scripts', 'client-address.cjs'))}`.trim();
  run('next', [nextBin, mode, '-p', port], env);
  console.log(`[serve] Yujing on http://localhost:${port} (upstream ${env.UPSTREAM_URL ?? process.env.UPSTREAM_URL})`);
}

main().catch((error) => {
  console.error('[serve]', error.message);
  stop(1);
});
