#!/usr/bin/env node
// The one test command (`npm test`): makes sure Chromium's headless shell, PostgreSQL and poppler
// are there (Debian's packages: Playwright cannot download its own browser here, the upstream's tests run a
// second time on a throwaway PostgreSQL cluster of their own, and poppler's pdftotext reads back
// the exported PDFs), checks the tree with Biome (format and lint), builds the app once (which
// type-checks the whole tsconfig project), then
// runs every Vitest and Playwright test. Exits non-zero when anything fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, headlessShell, linkGrammarInstalled, linkGrammarPackages, testBrowserPath } from './debian-packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n=== ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

// Debian's server packages put initdb and pg_ctl under /usr/lib/postgresql/<version>/bin; the
// tests find them there (tests/support/postgres.ts), or where PG_BINDIR says.
const postgresInstalled = () =>
  (process.env.PG_BINDIR && existsSync(join(process.env.PG_BINDIR, 'initdb'))) ||
  (existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb'))));

if (!existsSync(testBrowserPath)) aptInstall('for the browser tests', [headlessShell.package]);
if (!postgresInstalled()) aptInstall('for the upstream tests on PostgreSQL', ['postgresql']);
// CMU Link Grammar, the sentence parser (upstream/parser/link-grammar.ts).
if (!linkGrammarInstalled()) aptInstall('for the sentence parser', linkGrammarPackages);
// poppler's pdftotext, pdfinfo and pdffonts read back the exported word sheets (tests/support/pdf-text.ts).
if (!existsSync('/usr/bin/pdftotext')) aptInstall('to read the exported PDFs', ['poppler-utils']);

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
step('format and lint (biome)', npx, ['biome', 'check', '.']);
step('build', npx, ['next', 'build']);
step('unit and integration tests (vitest)', npx, ['vitest', 'run']);
step('browser tests (playwright, chromium)', npx, ['playwright', 'test'], { CHROMIUM_PATH: testBrowserPath });
console.log('\n=== all tests passed');
