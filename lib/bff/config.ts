import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Server configuration of the BFF, read once from the environment. Every variable is documented
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

type Env = Record<string, string | undefined>;

let cached: BffConfig | null = null;

export function bffConfig(): BffConfig {
  cached ??= readConfig(process.env);
  return cached;
}

/** Reads the configuration from `env`; exported for its tests, the server uses `bffConfig`. */
export function readConfig(env: Env): BffConfig {
  const upstream = env.UPSTREAM_URL;
  if (!upstream) {
    throw new Error('UPSTREAM_URL is not set: start the product with `npm start`, which starts the embedded upstream');
  }
  const timeout = Number(env.UPSTREAM_TIMEOUT_MS ?? 30_000);
  return {
    upstreamUrl: new URL(upstream),
    upstreamTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 30_000,
    sessionPasswords: sessionPasswords(env),
    siteUrl: env.SITE_URL ? new URL(env.SITE_URL) : null,
    appSessionCookie: env.APP_SESSION_COOKIE || 'session',
    wechat: {
      openAppId: env.WECHAT_OPEN_APP_ID || null,
      mpAppId: env.WECHAT_MP_APP_ID || null,
    },
  };
}

/**
 * SESSION_SECRET holds one secret, or several separated by commas, newest first: the newest
 * seals new cookies and every listed one still opens old cookies, so secrets rotate without
 * logging anybody out. Without it, a random secret is created once in the data directory so
 * that a fresh machine works and sessions survive restarts; but not with DATABASE_URL, which
 * means several instances, each of which would make a secret of its own.
 */
function sessionPasswords(env: Env): Record<string, string> {
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

function generatedSecret(env: Env): string {
  if (env.DATABASE_URL?.trim()) {
    throw new Error('SESSION_SECRET must be set when DATABASE_URL is: all instances seal sessions with it');
  }
  const file = resolve(env.DATA_DIR || '.data', 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.warn(`[bff] SESSION_SECRET is not set: generated one in ${file}`);
  return secret;
}
