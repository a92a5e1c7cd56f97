#!/usr/bin/env node
// The one test command (`npm test`): makes sure Chromium is there (Debian's package, since
// Playwright cannot download its own here), checks the tree with Biome (format and lint),
// builds the app once (which type-checks the whole tsconfig project), then runs every Vitest
// and Playwright test. Exits non-zero when anything fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n=== ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

if (!existsSync(chromium)) {
  console.log('=== installing Debian chromium for the browser tests');
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    execFileSync(asRoot[0] ?? 'apt-get', asRoot.length ? ['apt-get', ...args] : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-q']);
  apt(['install', '-y', '-q', '--no-install-recommends', 'chromium']);
}

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
step('format and lint (biome)', npx, ['biome', 'check', '.']);
step('build', npx, ['next', 'build']);
step('unit and integration tests (vitest)', npx, ['vitest', 'run']);
step('browser tests (playwright, chromium)', npx, ['playwright', 'test'], { CHROMIUM_PATH: chromium });
console.log('\n=== all tests passed');
