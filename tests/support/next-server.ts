import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

const root = join(import.meta.dirname, '..', '..');

export interface RunningNext {
  url: string;
  origin: string;
  /** The `next start` process (it serves from a child of its own). */
  pid: number | undefined;
  stop(): Promise<void>;
  output(): string;
}

/**
 * Starts the production build of the app (`next start`) with the given environment, as ops run
 * it. Needs `npm run build` first (npm test does it).
 */
export async function startNext(env: Record<string, string>): Promise<RunningNext> {
  if (!existsSync(join(root, '.next', 'BUILD_ID'))) throw new Error('no production build: run `npm run build` first');
  const port = await freePort();
  const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'yujing-next-')),
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-iron-session',
      // As scripts/serve.mjs does: the client address comes from the socket, not the client.
      NODE_OPTIONS: `--require ${JSON.stringify(join(root, 'scripts', 'request-guard.cjs'))}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `next start` runs the server in a child, which must stop too.
    detached: true,
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited: ${output}`);
    try {
      await fetch(`${url}/api/get_env_type`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`next start did not answer: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    origin: url,
    pid: child.pid,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}
