import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // `server-only` throws outside React Server Components; the tests run server code directly.
      'server-only': fileURLToPath(new URL('./tests/support/empty-module.ts', import.meta.url)),
    },
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**', '.data/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration files start real servers on fixed-free ports; keep files isolated.
    pool: 'forks',
    fileParallelism: false,
  },
});
