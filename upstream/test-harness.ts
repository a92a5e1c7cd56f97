import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startUpstream } from './app';
import { loadConfig } from './platform/config';
import type { Mailer } from './account/mailer';

/*
 * Test support: the real service on a free port over a throwaway database, called over HTTP.
 * Not a test file itself (no .test.ts), so Vitest only runs it through the tests that import it.
 */

/** A clock the test moves by hand. Starts at 10:00 in Shanghai. */
export function testClock(start = '2026-03-02T02:00:00.000Z') {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(iso: string) {
      t = Date.parse(iso);
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export interface TestUpstreamOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  /** Reuse a data directory, to start again over the same database. */
  dir?: string;
  mailer?: Mailer;
}

export interface Answer<T = any> {
  http: number;
  headers: Headers;
  body: T;
}

export async function startTestUpstream(options: TestUpstreamOptions = {}) {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'yujing-upstream-')));
  const clock = options.clock ?? testClock();
  const logs: string[] = [];
  // Seeding the library costs a second or two: only the tests that read the library ask for it.
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_PATH: path.join(dir, 'yujing.sqlite'),
    UPSTREAM_PORT: '0',
    SEED_CONTENT: 'false',
    ...options.env,
  });
  const running = await startUpstream(config, { now: clock.now, log: (line) => logs.push(line), mailer: options.mailer });

  async function request(pathAndQuery: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(running.url + pathAndQuery, { redirect: 'manual', ...init });
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
    return { http: response.status, headers: response.headers, body };
  }

  return {
    ...running,
    dir,
    clock,
    logs,
    config,
    request,
    /** POSTs a contract call with a JSON body (and a bearer token when given). */
    call(name: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
      return request(`/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    },
    /** Stops the service; the data directory is removed unless `keepData`. */
    async stop({ keepData = false } = {}) {
      await running.close();
      if (!keepData) await rm(dir, { recursive: true, force: true });
    },
  };
}
export type TestUpstream = Awaited<ReturnType<typeof startTestUpstream>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest login code mailed to an address, read from the test outbox. */
export async function latestCode(upstream: TestUpstream, email: string): Promise<string> {
  const { body } = await upstream.request(`/__test/outbox?email=${encodeURIComponent(email)}`);
  const code = body.messages[0]?.code;
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

/** The whole e-mail login; answers the token. */
export async function logInByEmail(upstream: TestUpstream, email: string, extra: Record<string, string> = {}) {
  const sent = await upstream.call('pre_email_login', { email });
  if (sent.body.status !== 'OK') throw new Error(`pre_email_login: ${JSON.stringify(sent.body)}`);
  const login = await upstream.call('email_login', { email, code: await latestCode(upstream, email), ...extra });
  if (login.body.status !== 'OK') throw new Error(`email_login: ${JSON.stringify(login.body)}`);
  return login.body.data.token as string;
}
