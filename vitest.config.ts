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
          name: 'sqlite',
          include: ['**/*.test.ts'],
          exclude: [...exclude, postgresOnly],
          // Integration files start real servers and measure their timing; keep files apart.
          fileParallelism: false,
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
          // A group of its own, run apart from the SQLite project's files (Vitest runs that group
          // of one file at a time last), whose timing-sensitive tests want the machine to themselves.
          sequence: { groupOrder: 1 },
          // Each file has its own databases and ports: two at a time keep both cores busy.
          maxWorkers: 2,
        },
      },
    ],
  },
});
