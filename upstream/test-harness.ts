import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '../tests/support/postgres';
import { startUpstream } from './app';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { loadConfig } from './platform/config';
import { stamp } from './platform/time';
import type { Mailer } from './account/mailer';
import type { GrammarCatalogue, SentenceAnalyzer } from './analysis/types';
import type { User } from './db/schema';

/*
 * Test support: the real service on a free port over a throwaway database, called over HTTP.
 * Not a test file itself (no .test.ts), so Vitest only runs it through the tests that import it.
 *
 * The database is SQLite, or PostgreSQL when the Vitest project `postgres` runs the file
 * (YUJING_TEST_DB=postgres; see vitest.config.ts): every test file that imports this harness runs
 * on both. On PostgreSQL each data folder gets a database of its own in the run's throwaway
 * cluster (tests/support/postgres.ts).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The superuser's connection string of the run's PostgreSQL cluster (project `postgres` only). */
    postgresAdminUrl: string;
    /** The run's database with every migration applied, which the tests' databases copy (project `postgres` only). */
    postgresTemplate: string;
  }
}

/** Which database the tests of this run use. */
export const testDatabase: 'sqlite' | 'postgres' = process.env.YUJING_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

// Where a data folder remembers its PostgreSQL database, so that a restart over the folder finds it.
const postgresUrlFile = (dir: string) => path.join(dir, 'postgres-url');

/**
 * The configuration that keeps the service's database in the data folder `dir`: a SQLite file
 * there, or a PostgreSQL database made for that folder on its first use. A new PostgreSQL
 * database already has the current schema (a copy of the run's migrated template, which saves
 * migrating one for each test), unless `empty`, for the tests of the migrations themselves; a new
 * SQLite file is always empty, and the service or the test migrates it.
 */
export async function testDatabaseEnv(
  dir: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<{ DATABASE_PATH: string } | { DATABASE_URL: string }> {
  if (testDatabase === 'sqlite') return { DATABASE_PATH: path.join(dir, 'yujing.sqlite') };
  const known = await readFile(postgresUrlFile(dir), 'utf8').catch(() => undefined);
  if (known) return { DATABASE_URL: known };
  const url = await createDatabase(inject('postgresAdminUrl'), empty ? undefined : inject('postgresTemplate'));
  await mkdir(dir, { recursive: true });
  await writeFile(postgresUrlFile(dir), url);
  return { DATABASE_URL: url };
}

/** Removes a data folder and, on PostgreSQL, the database made for it. */
export async function removeTestData(dir: string): Promise<void> {
  const url = await readFile(postgresUrlFile(dir), 'utf8').catch(() => undefined);
  if (url) await dropDatabase(inject('postgresAdminUrl'), url);
  await rm(dir, { recursive: true, force: true });
}

export interface TestDatabase {
  db: Db;
  /** Closes the database and throws it away. */
  remove(): Promise<void>;
}

/** A fresh, migrated database of the kind under test, for tests of one service without HTTP. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDatabase === 'sqlite') {
    const db = openDatabase({ databasePath: ':memory:' });
    await migrateToLatest(db);
    return { db, remove: () => db.destroy() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'yujing-db-'));
  const db = openDatabase(loadConfig(await testDatabaseEnv(dir)));
  await migrateToLatest(db);
  return {
    db,
    async remove() {
      await db.destroy();
      await removeTestData(dir);
    },
  };
}

/** A user made straight in the database (account, e-mail and token from the account), for tests of one service. */
export function insertTestUser(db: Db, now: Date, account: string, vipExpiresAt: string | null = null): Promise<User> {
  return db
    .insertInto('users')
    .values({
      account,
      email: `${account}@example.com`,
      wechat_openid: null,
      wechat_unionid: null,
      nickname: account,
      headimgurl: '',
      api_token: `yj_${account}`,
      vip_expires_at: vipExpiresAt,
      referrer_account: null,
      created_at: stamp(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

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
  /** Stand-ins for the grammar catalogue and the sentence analyzer. */
  grammarCatalogue?: GrammarCatalogue;
  sentenceAnalyzer?: SentenceAnalyzer;
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
    ...(await testDatabaseEnv(dir)),
    UPSTREAM_PORT: '0',
    SEED_CONTENT: 'false',
    ...options.env,
  });
  const running = await startUpstream(config, {
    now: clock.now,
    log: (line) => logs.push(line),
    mailer: options.mailer,
    grammarCatalogue: options.grammarCatalogue,
    sentenceAnalyzer: options.sentenceAnalyzer,
  });

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
      if (!keepData) await removeTestData(dir);
    },
  };
}
export type TestUpstream = Awaited<ReturnType<typeof startTestUpstream>>;

/** Polls until `check` holds (a state another process reaches in its own time). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
