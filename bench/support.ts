/** Shared pieces of the benchmarks in bench/ (never part of the tests). */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/support/ports';

/** The embedded upstream in a child process over a throwaway database. */
export async function startEmbeddedUpstream(env: Record<string, string> = {}): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'yujing-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'upstream/main.ts'], {
    env: {
      ...process.env,
      UPSTREAM_PORT: String(port),
      DATA_DIR: dir,
      DATABASE_PATH: join(dir, 'db.sqlite'),
      ENV_TYPE: 'test',
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('embedded upstream did not start');
}

/** The p-th percentile of a list of numbers. */
export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export const ms = (n: number) => `${n.toFixed(2)} ms`;

/** Collects report lines, prints them, and writes them to bench/results/<name>-<time>.md. */
export function reporter(name: string) {
  const lines: string[] = [];
  return {
    say(line = '') {
      console.log(line);
      lines.push(line);
    },
    save() {
      mkdirSync('bench/results', { recursive: true });
      const file = `bench/results/${name}-${Date.now()}.md`;
      writeFileSync(file, `${lines.join('\n')}\n`);
      console.log(`\nwritten to ${file}`);
    },
  };
}
