import { prepareDatabase } from '../upstream/app';
import { openDatabase } from '../upstream/db/database';
import { loadConfig } from '../upstream/platform/config';

/*
 * Prepares the configured database once, at deploy time: applies the pending migrations and,
 * unless SEED_CONTENT=false, adds the shipped documents the content library lacks.
 *
 *   DATABASE_URL=postgres://… npm run db:migrate
 *
 * Instances started with MIGRATE_ON_START=false then only check that nothing is pending. Running
 * it while instances start is safe: they take turns under one lock.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    const applied = await prepareDatabase(config, db);
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'the database was up to date');
    return 0;
  } catch (error) {
    console.error(`db:migrate failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

main().then((code) => process.exit(code));
