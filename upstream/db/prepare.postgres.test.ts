import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../tests/support/postgres';
import { prepareDatabase } from '../app';
import { seedDocuments } from '../reading/seed';
import { type Db, openDatabase, pendingMigrations } from './database';

// Instances that start together on one PostgreSQL take turns preparing it.

describe('preparing one PostgreSQL database from several instances at once', () => {
  const adminUrl = inject('postgresAdminUrl');
  let url: string;
  let instances: Db[];
  beforeEach(async () => {
    url = await createDatabase(adminUrl);
    // A statement timeout shorter than one instance's preparation (migrations, seed, profiles):
    // waiting for the others must not be one statement that the timeout cuts short.
    instances = [0, 1, 2].map(() =>
      openDatabase({ databasePath: ':memory:', databaseUrl: url, databaseStatementTimeoutMs: 3000 }),
    );
  });
  afterEach(async () => {
    await Promise.all(instances.map((db) => db.destroy()));
    await dropDatabase(adminUrl, url);
  });

  it('migrates once and seeds the library once, whoever comes first', async () => {
    const applied = await Promise.all(instances.map((db) => prepareDatabase({ seedContent: true }, db, { log: () => {} })));
    // One instance applied the migrations; the others found them done.
    expect(applied.filter((a) => a.length > 0)).toHaveLength(1);
    expect(await pendingMigrations(instances[0])).toEqual([]);
    const documents = await instances[0].selectFrom('documents').select(['category', 'filename']).execute();
    expect(documents).toHaveLength(seedDocuments().length);
  }, 120_000);
});
