import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

const root = join(import.meta.dirname, '..', '..');

export interface UpstreamProcess {
  url: string;
  process: ChildProcess;
  stop(): void;
}

/**
 * The embedded upstream as ops run it (`npm run upstream`), in a child process on a free port
 * over a throwaway data folder (SQLite there unless `env` names a DATABASE_URL); resolves once
 * /health answers. Its output is kept for the error when it does not start.
 */
export async function startUpstreamProcess(env: Record<string, string> = {}): Promise<UpstreamProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'yujing-upstream-process-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'upstream/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      UPSTREAM_HOST: '127.0.0.1',
      UPSTREAM_PORT: String(port),
      DATA_DIR: dir,
      DATABASE_PATH: join(dir, 'db.sqlite'),
      ENV_TYPE: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`upstream exited: ${output}`);
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok) {
        return { url, process: child, stop: () => child.kill('SIGTERM') };
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`upstream did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
