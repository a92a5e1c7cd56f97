import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { type Env, optional, parseEnv } from '@/lib/env/env';

/**
 * Server configuration of the BFF, read once from the environment and checked with zod, as the
 * upstream's is (a wrong value stops the start, naming the variable). Every variable is documented
 * in the README's configuration table.
 */
export interface BffConfig {
  upstreamUrl: URL;
  upstreamTimeoutMs: number;
  /** iron-session passwords by id; the highest id seals, all of them unseal. */
  sessionPasswords: Record<string, string>;
  /** Public origin of the site when it is fixed (behind a proxy that rewrites Host). */
  siteUrl: URL | null;
  /** Cookie that the embedded native app sets with its own upstream token. */
  appSessionCookie: string;
  wechat: {
    openAppId: string | null;
    mpAppId: string | null;
  };
}

const url = (name: string) =>
  z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` }));

const envSchema = z.object({
  UPSTREAM_URL: z
    .string({ error: 'UPSTREAM_URL is not set: start the product with `npm start`, which starts the embedded upstream' })
    .pipe(url('UPSTREAM_URL')),
  UPSTREAM_TIMEOUT_MS: optional(z.coerce.number().int().positive()).transform((v) => v ?? 30_000),
  SITE_URL: optional(url('SITE_URL')),
  APP_SESSION_COOKIE: optional(
    z
      .string()
      .trim()
      .regex(/^[\w.-]{1,64}$/, 'a cookie name'),
  ).transform((v) => v ?? 'session'),
  WECHAT_OPEN_APP_ID: optional(z.string().trim()),
  WECHAT_MP_APP_ID: optional(z.string().trim()),
  SESSION_SECRET: optional(z.string()),
  DATABASE_URL: optional(z.string()),
  DATA_DIR: optional(z.string()).transform((v) => v ?? '.data'),
});

let cached: BffConfig | null = null;

export function bffConfig(): BffConfig {
  cached ??= readConfig(process.env);
  return cached;
}

/** Reads and checks the configuration from `env`; exported for its tests, the server uses `bffConfig`. */
export function readConfig(env: Env): BffConfig {
  const e = parseEnv(envSchema, env, 'BFF');
  return {
    upstreamUrl: new URL(e.UPSTREAM_URL),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    sessionPasswords: sessionPasswords(e),
    siteUrl: e.SITE_URL ? new URL(e.SITE_URL) : null,
    appSessionCookie: e.APP_SESSION_COOKIE,
    wechat: {
      openAppId: e.WECHAT_OPEN_APP_ID ?? null,
      mpAppId: e.WECHAT_MP_APP_ID ?? null,
    },
  };
}

type Checked = z.output<typeof envSchema>;

/**
 * SESSION_SECRET holds one secret, or several separated by commas, newest first: the newest
 * seals new cookies and every listed one still opens old cookies, so secrets rotate without
 * logging anybody out. Without it, a random secret is created once in the data directory so
 * that a fresh machine works and sessions survive restarts; but not with DATABASE_URL, which
 * means several instances, each of which would make a secret of its own.
 */
function sessionPasswords(env: Checked): Record<string, string> {
  const secrets = (env.SESSION_SECRET ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0) secrets.push(generatedSecret(env));
  for (const s of secrets) {
    if (s.length < 32) throw new Error('every SESSION_SECRET must be at least 32 characters long');
  }
  // Highest id = newest.
  return Object.fromEntries(secrets.map((s, i) => [String(secrets.length - i), s]));
}

function generatedSecret(env: Checked): string {
  if (env.DATABASE_URL) {
    throw new Error('SESSION_SECRET must be set when DATABASE_URL is: all instances seal sessions with it');
  }
  const file = resolve(env.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.warn(`[bff] SESSION_SECRET is not set: generated one in ${file}`);
  return secret;
}
