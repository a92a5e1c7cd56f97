import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { expertEmail } from './e2e/support/expert';
import { chromiumFlags, testBrowserPath } from './tests/support/chromium';

/**
 * Browser tests in Debian's Chromium (Playwright cannot download its own browser here) against
 * the real product: `scripts/serve.mjs start`, the production build and the embedded upstream,
 * on ports of their own with a fresh database.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const upstreamPort = Number(process.env.E2E_UPSTREAM_PORT ?? 3101);
/** A second instance whose upstream is down (nothing listens on port 9): errors, production-like env. */
const downPort = Number(process.env.E2E_DOWN_PORT ?? 3102);
export const e2eDownUrl = `http://127.0.0.1:${downPort}`;
export const e2eUpstreamUrl = `http://127.0.0.1:${upstreamPort}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'yujing-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // the same directory for the workers that re-read this file

export default defineConfig({
  testDir: './e2e',
  // After the web servers answer: one lookup, so that no spec pays for the cold dictionary.
  globalSetup: './e2e/support/warm-up.ts',
  fullyParallel: false,
  // Two spec files at a time against the one server (a file's tests in order): on these 2 cores
  // the run takes 18 minutes instead of 25. The global setup warms the dictionary first. With
  // the cores already busy with other work, E2E_WORKERS=1 runs one file at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  // A test is a whole flow (log in, set a password, log out, log in twice more): on a busy 2-core
  // machine the longest take 30 s while every step is on time. What a page shows still has to
  // come within 10 s (Playwright's default is 5: two files run at once on 2 cores).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every test's DOM as it goes, for the failures only to be kept: a quarter of
    // the run's time (the dictionary spec: 115 s of tests with it, 87 s without). Off unless
    // E2E_TRACE=1 asks for it while a failure is chased; a failure always leaves its screenshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: testBrowserPath, args: chromiumFlags },
  },
  // One browser; each spec sets the widths it is about (375, 768, 1440) with test.use.
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: [
    {
      command: 'node scripts/serve.mjs start',
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 240_000,
      env: {
        PORT: String(port),
        UPSTREAM_PORT: String(upstreamPort),
        DATA_DIR: dataDir,
        DATABASE_PATH: join(dataDir, 'yujing.sqlite'),
        ENV_TYPE: 'test',
        NEXT_TELEMETRY_DISABLED: '1',
        SITE_CONTACT_IMAGE_URL: '/e2e-contact-qr.png',
        // The test runner stands where nginx would: its X-Forwarded-For names the client, so a
        // spec can be a visitor of its own with a quota of its own.
        TRUST_PROXY_HOPS: '1',
        // Every spec logs its users in from this one machine, far more often than the login-code
        // limits allow one address (tests/bff-hardening.test.ts and upstream/email-login.test.ts
        // hold those limits).
        EMAIL_CODE_LIMIT_ADDRESS: '0',
        EMAIL_CODE_LIMIT_GLOBAL: '0',
        // The one account that may write the model's instructions (e2e/expert-instruction.spec.ts).
        EXPERT_ACCOUNTS: expertEmail,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/serve.mjs start',
      url: `${e2eDownUrl}/AboutUs`,
      reuseExistingServer: false,
      timeout: 240_000,
      env: {
        PORT: String(downPort),
        UPSTREAM_URL: 'http://127.0.0.1:9',
        UPSTREAM_TIMEOUT_MS: '2000',
        DATA_DIR: dataDir,
        NEXT_TELEMETRY_DISABLED: '1',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
