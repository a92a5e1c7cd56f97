import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/ports';

// `npm start` as ops run it: the supervisor over the site and the embedded upstream.
const root = join(import.meta.dirname, '..');
let launcher: ChildProcess;
let log = '';
let base = '';

const upstreamPids = () => [...log.matchAll(/upstream (?:started|is back) \(pid (\d+)/g)].map((m) => Number(m[1]));

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${timeoutMs} ms; log:\n${log}`);
}

beforeAll(async () => {
  const [port, upstreamPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'yujing-launcher-'));
  launcher = spawn(process.execPath, ['scripts/serve.mjs', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      UPSTREAM_PORT: String(upstreamPort),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: dir,
      SEED_CONTENT: 'false',
      SESSION_SECRET: 'launcher-test-secret-long-enough-for-iron',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  launcher.stdout!.on('data', (d) => (log += d));
  launcher.stderr!.on('data', (d) => (log += d));
  await waitFor(async () => (await fetch(`${base}/healthz`)).status === 200, 90_000);
});

afterAll(() => {
  if (launcher.exitCode === null) process.kill(-launcher.pid!, 'SIGKILL');
});

describe('npm start', () => {
  it('restarts a killed upstream while the site answers 502 JSON, and is whole again', async () => {
    const seen = new Set(upstreamPids());
    for (let round = 1; round <= 2; round++) {
      const victim = upstreamPids().at(-1)!;
      process.kill(victim, 'SIGKILL');
      const during = await fetch(`${base}/api/explain_pos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: '{"pos":"n"}',
      });
      expect(during.status).toBe(502);
      expect(await during.json()).toEqual({ status: '502', description: '服务暂时不可用，请稍后再试' });
      expect((await fetch(`${base}/AboutUs`)).status).toBe(200);

      // How fast is for bench/probe.ts (about 3 s here); a test only asks that it comes back.
      await waitFor(async () => (await fetch(`${base}/healthz`)).status === 200, 60_000);
      // A new process serves (waitFor says what the launcher logged if not).
      await waitFor(() => upstreamPids().some((pid) => pid !== victim && !seen.has(pid)), 10_000);
      for (const pid of upstreamPids()) seen.add(pid);
      expect(log).toContain(`upstream stopped (SIGKILL)`);
      expect(log).toContain(`restart ${round} in`);
    }
    expect(launcher.exitCode).toBeNull();
  }, 150_000);

  it('listens only on HOSTNAME (127.0.0.1): another local address finds nothing', async () => {
    const port = Number(new URL(base).port);
    /** Whether a TCP connection to host:port is accepted. */
    const accepts = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, host, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    expect(await accepts('127.0.0.1')).toBe(true);
    // The whole of 127.0.0.0/8 is this machine: a server on every interface would answer here.
    expect(await accepts('127.0.0.2')).toBe(false);
  });

  it('stops both processes on SIGTERM', async () => {
    const upstream = upstreamPids().at(-1)!;
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(() => process.kill(upstream, 0)).toThrow();
    await expect(fetch(`${base}/AboutUs`)).rejects.toThrow();
  });
});
