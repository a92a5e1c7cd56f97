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
