import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm start` refuses a configuration that cannot work, at once and in one line.
const root = join(import.meta.dirname, '..');
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function launch(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  dir = mkdtempSync(join(tmpdir(), 'yujing-launcher-config-'));
  const { SESSION_SECRET: _, DATABASE_URL: __, ...inherited } = process.env;
  const child = spawn(process.execPath, ['scripts/serve.mjs', 'start'], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm start', () => {
  it('stops with a clear message when DATABASE_URL is set and SESSION_SECRET is not', async () => {
    const { code, output } = await launch({ DATABASE_URL: 'postgres://yujing@127.0.0.1:1/yujing' });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      '[serve] DATABASE_URL is set but SESSION_SECRET is not: every instance must seal sessions with the same secret, so set SESSION_SECRET (32+ characters) on all of them',
    );
  });

  it.each(['abc', '32', '1.5'])('stops with a clear message when SITE_MAX_HEAP_MB is %s', async (value) => {
    const { code, output } = await launch({ SITE_MAX_HEAP_MB: value });
    expect(code).toBe(1);
    expect(output.trim()).toBe(`[serve] SITE_MAX_HEAP_MB must be a whole number of MB, 64 or more (got "${value}")`);
  });

  it.each(['abc', '-5', '401', '1.5'])('stops with a clear message when SITE_HEAP_GROWTH_PERCENT is %s', async (value) => {
    const { code, output } = await launch({ SITE_HEAP_GROWTH_PERCENT: value });
    expect(code).toBe(1);
    expect(output.trim()).toBe(`[serve] SITE_HEAP_GROWTH_PERCENT must be a whole number from 0 to 400 (got "${value}")`);
  });

  it.each([
    // A semicolon would end the frame-ancestors directive and start one of the setter's making.
    ['FRAME_ANCESTORS', "https://app.example.com; script-src 'unsafe-eval'", 'https://app.example.com;'],
    ['IMAGE_ORIGINS', 'https://cdn.example.com/images', 'https://cdn.example.com/images'],
  ])('stops with a clear message when %s holds something that is not an origin', async (name, value, named) => {
    const { code, output } = await launch({ [name]: value });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `[serve] ${name}: "${named}" is not an origin; give origins like https://app.example.com, separated by commas`,
    );
  });
});
