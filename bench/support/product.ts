/**
 * The product as the README starts it (`npm start`: scripts/serve.mjs, fresh data) for the
 * benchmarks that watch it from outside (bench/probe.ts, bench/memory.ts), with what they read of
 * it: its processes' memory, and logged-in sessions. Never part of the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/support/ports';

export interface Launched {
  base: string;
  upstreamUrl: string;
  /** The product's DATA_DIR. */
  dataDir: string;
  log: () => string;
  pid: (name: 'upstream' | 'next') => number;
  stop: () => Promise<void>;
}

/** The product as the README starts it: `npm start` (scripts/serve.mjs), fresh data. */
export async function launchProduct(env: Record<string, string> = {}): Promise<Launched> {
  const [port, upstreamPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'yujing-probe-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs', 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      UPSTREAM_PORT: String(upstreamPort),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) break;
    } catch {
      // not yet
    }
    if (i > 1200) throw new Error(`npm start did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    dataDir: dir,
    log: () => output,
    pid: (name) => Number([...output.matchAll(new RegExp(`${name} (?:started|is back) \\(pid (\\d+)`, 'g'))].at(-1)?.[1]),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : NaN;
  } catch {
    return NaN; // not known (a launcher that does not log its children's pids)
  }
}

/** Logs new users in through the BFF; answers their session cookies. */
export async function sessions(site: Launched, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `probe${i}-${Date.now()}@example.com`;
    const post = (path: string, body: unknown) =>
      fetch(site.base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.base },
        body: JSON.stringify(body),
      });
    await post('/api/pre_email_login', { email });
    const outbox = await (await fetch(`${site.upstreamUrl}/__test/outbox?email=${encodeURIComponent(email)}`)).json();
    const login = await post('/api/email_login', { email, code: (outbox as { messages: { code: string }[] }).messages[0].code });
    const session = login.headers.getSetCookie().find((c) => c.startsWith('yj_session='));
    if (!session) throw new Error(`could not log in: ${login.status}`);
    cookies.push(session.split(';')[0]);
  }
  return cookies;
}

/** A process's RSS with its children's (next start serves from a child), in bytes. */
export function treeRss(pid: number): number {
  return Object.values(treeRssByName(pid)).reduce((a, b) => a + b, 0);
}

/**
 * The same, by process name (`/proc/PID/comm`: node, next-server, link-parser, …), so that a
 * report can say which of them holds the memory.
 */
export function treeRssByName(pid: number): Record<string, number> {
  const byName: Record<string, number> = {};
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const name = /^Name:\s+(.+)$/m.exec(status)?.[1]?.trim() ?? String(p);
      byName[name] = (byName[name] ?? 0) + Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${p}/task`)) {
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
          visit(Number(child));
      }
    } catch {
      // gone meanwhile
    }
  };
  visit(pid);
  return byName;
}
