import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from './config';

describe('BFF configuration: the session secret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'yujing-bff-config-'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });
  const base = () => ({ UPSTREAM_URL: 'http://127.0.0.1:3001', DATA_DIR: dir });

  it('generates one into the data directory when none is given, and keeps it', () => {
    const first = readConfig(base()).sessionPasswords;
    expect(first).toEqual({ 1: readFileSync(join(dir, 'session-secret'), 'utf8').trim() });
    expect(readConfig(base()).sessionPasswords).toEqual(first);
  });

  it('refuses to generate one with DATABASE_URL: several instances must share it', () => {
    expect(() => readConfig({ ...base(), DATABASE_URL: 'postgres://db.internal/yujing' })).toThrow(
      'SESSION_SECRET must be set when DATABASE_URL is: all instances seal sessions with it',
    );
    const secret = 'shared-secret-of-every-instance-0123456789';
    expect(
      readConfig({ ...base(), DATABASE_URL: 'postgres://db.internal/yujing', SESSION_SECRET: secret }).sessionPasswords,
    ).toEqual({
      1: secret,
    });
  });
});

describe('BFF configuration: the variables are checked at start', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'yujing-bff-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const base = () => ({ UPSTREAM_URL: 'http://127.0.0.1:3001', DATA_DIR: dir, SESSION_SECRET: 's'.repeat(32) });

  it('takes the defaults where a variable is absent or empty', () => {
    const config = readConfig({ ...base(), UPSTREAM_TIMEOUT_MS: '', SITE_URL: ' ', APP_SESSION_COOKIE: undefined });
    expect(config.upstreamUrl.href).toBe('http://127.0.0.1:3001/');
    expect(config.upstreamTimeoutMs).toBe(30_000);
    expect(config.siteUrl).toBeNull();
    expect(config.appSessionCookie).toBe('session');
    expect(config.wechat).toEqual({ openAppId: null, mpAppId: null });
  });

  it('reads what is given', () => {
    const config = readConfig({
      ...base(),
      UPSTREAM_TIMEOUT_MS: '2000',
      SITE_URL: 'https://yujing.example.com',
      APP_SESSION_COOKIE: 'app_token',
      WECHAT_MP_APP_ID: 'wx123',
    });
    expect(config.upstreamTimeoutMs).toBe(2000);
    expect(config.siteUrl?.origin).toBe('https://yujing.example.com');
    expect(config.appSessionCookie).toBe('app_token');
    expect(config.wechat.mpAppId).toBe('wx123');
  });

  it('stops on a wrong value, naming every variable that is wrong', () => {
    expect(() => readConfig({ DATA_DIR: dir })).toThrow(/UPSTREAM_URL is not set/);
    let error: unknown;
    try {
      readConfig({ ...base(), UPSTREAM_URL: 'ftp://x', UPSTREAM_TIMEOUT_MS: 'soon', SITE_URL: 'yujing.example.com' });
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/^Error: Invalid BFF configuration: /);
    for (const name of ['UPSTREAM_URL', 'UPSTREAM_TIMEOUT_MS', 'SITE_URL']) expect(String(error)).toContain(name);
  });
});
