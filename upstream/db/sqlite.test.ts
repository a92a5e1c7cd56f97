import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database';

// The embedded default, file by file: what only SQLite has. database.test.ts checks what both have.
describe('SQLite database', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-db-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('makes the folder of its file, and runs in WAL mode with foreign keys enforced', async () => {
    const db = openDatabase({ databasePath: path.join(dir, 'nested', 'yujing.sqlite') });
    await migrateToLatest(db);
    const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode[0].journal_mode).toBe('wal');
    const orphan = db
      .insertInto('auth_tokens')
      .values({ token_hash: 'h', user_id: 999, created_at: 'x', expires_at: 'y' })
      .execute();
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});
