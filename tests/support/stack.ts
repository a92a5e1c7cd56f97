import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startUpstream, type RunningUpstream } from '../../upstream/app';
import { loadConfig } from '../../upstream/platform/config';
import { FixtureUpstream } from './fixture-upstream';
import { startNext, type RunningNext } from './next-server';

/**
 * The whole chain over real HTTP: the production Next server (the BFF) → a programmable fixture
 * upstream → the real embedded upstream, whose clock the test moves.
 */
export interface Stack {
  next: RunningNext;
  fixture: FixtureUpstream;
  upstream: RunningUpstream;
  clock: { now: number; advance(ms: number): void };
  stop(): Promise<void>;
}

/** `env` is the BFF's environment, `upstreamEnv` settings of the embedded upstream. */
export async function startStack(env: Record<string, string> = {}, upstreamEnv: Record<string, string> = {}): Promise<Stack> {
  const chain = await startUpstreamChain(upstreamEnv);
  const next = await startNext({ UPSTREAM_URL: chain.fixture.url, ...env });
  chain.fixture.reset(); // forget the readiness probe
  return {
    ...chain,
    next,
    async stop() {
      await next.stop();
      await chain.stop();
    },
  };
}

/** The upstream side of the stack alone, for tests that play the BFF themselves. */
export type UpstreamChain = Omit<Stack, 'next'>;

/** The programmable fixture upstream in front of the real embedded one, whose clock the test moves. */
export async function startUpstreamChain(env: Record<string, string> = {}): Promise<UpstreamChain> {
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const dir = mkdtempSync(join(tmpdir(), 'yujing-upstream-'));
  const config = loadConfig({
    ENV_TYPE: 'test',
    UPSTREAM_HOST: '127.0.0.1',
    UPSTREAM_PORT: '0',
    DATA_DIR: dir,
    DATABASE_PATH: join(dir, 'db.sqlite'),
    SEED_CONTENT: 'false',
    ...env,
  });
  const upstream = await startUpstream(config, { now: () => new Date(clock.now), log: () => {} });
  const fixture = new FixtureUpstream(upstream.url);
  await fixture.start();
  return {
    fixture,
    upstream,
    clock,
    async stop() {
      await fixture.stop();
      await upstream.close();
    },
  };
}

/** The `name=value` of a Set-Cookie line for `name`, with its attributes. */
export function setCookie(headers: Headers, name: string): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

export function cookieValue(line: string | undefined): string {
  return line ? line.split(';')[0].slice(line.indexOf('=') + 1) : '';
}

/** A JSON POST to the site as a browser of the same origin sends it, redirects not followed. */
export function postJson(base: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) {
  return fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

/** The login code the test upstream last mailed to `email` (its test outbox). */
export async function outboxCode(upstreamUrl: string, email: string): Promise<string> {
  const answer = await fetch(`${upstreamUrl}/__test/outbox?email=${encodeURIComponent(email)}`);
  const { messages } = (await answer.json()) as { messages: { code: string }[] };
  return messages[0].code;
}
