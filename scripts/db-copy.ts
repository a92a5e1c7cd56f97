import { parseArgs } from 'node:util';
import { CopyRefused, copySqliteInto } from '../upstream/db/copy';
import { openDatabase } from '../upstream/db/database';
import { loadConfig } from '../upstream/platform/config';

/*
 * Moves an install from the embedded SQLite database to PostgreSQL:
 *
 *   npm run db:copy -- [--from <sqlite file>] [--to <postgres url>]
 *
 * --from defaults to the configured SQLite file (DATABASE_PATH, or $DATA_DIR/yujing.sqlite);
 * --to defaults to DATABASE_URL. The source is only read (from a snapshot, so the service may keep
 * running); the target must be an empty database, which is migrated and filled in one
 * transaction. Prints each table's rows. Exits 2 when the copy is refused (no target, a target
 * that is not empty, a source that cannot be opened), 1 when it fails; a failed copy writes
 * nothing.
 */

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const config = loadConfig();
  const from = values.from ?? config.databasePath;
  const to = values.to ?? config.databaseUrl;
  if (!to) {
    console.error('usage: npm run db:copy -- [--from <sqlite file>] --to <postgres url>   (or set DATABASE_URL)');
    return 2;
  }
  const target = openDatabase({ databasePath: ':memory:', databaseUrl: to });
  try {
    console.log(`copying ${from} into ${redacted(to)}`);
    const tables = await copySqliteInto(from, target, { log: (line) => console.log(`  ${line}`) });
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`done: ${tables.length} tables, ${rows} rows, every count checked`);
    return 0;
  } catch (error) {
    if (error instanceof CopyRefused) {
      console.error(`refused: ${error.message}`);
      return 2;
    }
    console.error(`failed, nothing was written: ${(error as Error).message}`);
    return 1;
  } finally {
    await target.destroy();
  }
}

/** The URL without its password, for the log. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(the given URL)';
  }
}

main().then((code) => process.exit(code));
