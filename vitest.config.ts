import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The upstream's test files that use its database through the test harness: they run a second
 * time on PostgreSQL. Found by what they import, so that a new one is on both without a list.
 */
const upstreamDatabaseTests = (readdirSync(`${root}upstream`, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.postgres.test.ts'))
  .filter((file) => /from '(\.\.?\/)+test-harness'/.test(readFileSync(`${root}upstream/${file}`, 'utf8')))
  .map((file) => `upstream/${file}`);

// Files that need PostgreSQL itself, whatever the project (e.g. comparing its schema with SQLite's).
const postgresOnly = '**/*.postgres.test.ts';
const exclude = ['node_modules/**', '.next/**', 'e2e/**', '.data/**'];
// The integration tests of the whole stack (tests/): real servers.
const stackTests = 'tests/**/*.test.ts';
// Those of them that hold the stack to a clock (a 504 within the timeout, server-sent events
// relayed within 200 ms, an idle reader let go after 3 s): run with nothing else beside them.
const stackTimingTests = ['tests/bff-proxy.test.ts', 'tests/bff-reader.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // `server-only` throws outside React Server Components; the tests run server code directly.
      'server-only': fileURLToPath(new URL('./tests/support/empty-module.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          // The whole stack (the BFF's Next server before the upstream, launchers, caches): each
          // file starts real servers on ports of their own. Those that hold the stack to a clock
          // come last, alone (stack-timing). As the upstream's files do, they share a worker's
          // loaded modules (each file loaded the upstream's again: some 5 s a file); a file that
          // sets the environment gives it back.
          name: 'stack',
          include: [stackTests],
          exclude: [...exclude, postgresOnly, ...stackTimingTests],
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack-timing',
          include: stackTimingTests,
          exclude,
          sequence: { groupOrder: 2 },
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The browser code's and the shared libraries' unit tests: each file in a fresh module
          // graph (they stub globals and timers), two at a time.
          name: 'unit',
          include: ['lib/**/*.test.ts', 'components/**/*.test.ts'],
          exclude,
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The upstream's tests on SQLite, each with its own data directory and ports, two at a
          // time (the postgres project runs the same files so). They share a worker's loaded
          // modules (the contract, the dictionary) instead of loading them again for every file,
          // which halves the project's time; nothing of theirs is kept in a module between files.
          name: 'sqlite',
          include: ['upstream/**/*.test.ts'],
          exclude: [...exclude, postgresOnly],
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...upstreamDatabaseTests, postgresOnly],
          exclude,
          env: { YUJING_TEST_DB: 'postgres' },
          globalSetup: ['tests/support/postgres-setup.ts'],
          // With the other projects in one queue of two workers: a group boundary would leave
          // a core idle while the last long file of a group runs.
          sequence: { groupOrder: 1 },
          // As on SQLite: the worker's loaded modules are shared between files.
          isolate: false,
          // Each file has its own databases and ports: two at a time keep both cores busy.
          maxWorkers: 2,
        },
      },
    ],
  },
});
