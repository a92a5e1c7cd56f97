import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../upstream/db/database';
import { freePort } from './ports';

/*
 * A throwaway PostgreSQL cluster for the tests: `initdb` into a temporary folder, started on a
 * free port with its socket in that folder, stopped and removed at the end. No system service,
 * no password (trust, on the loopback only). Durability is switched off: nothing here needs to
 * survive a crash, and it makes CREATE DATABASE and every commit cheap. The folder is in memory
 * (/dev/shm) where the machine has room there: the tests make and drop hundreds of databases of
 * hundreds of files each, and on ext4 the kernel's search for free inodes among those just
 * deleted took a third of the run's CPU.
 *
 * Debian's `postgresql` package provides the binaries (`npm test` installs it when missing).
 */

export interface PostgresCluster {
  /** Connection string of the cluster's `postgres` database, as its superuser. */
  adminUrl: string;
  stop(): void;
}

/** The folder of initdb, pg_ctl and postgres: $PG_BINDIR, `pg_config --bindir`, or Debian's newest. */
export function postgresBinDir(): string {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // pg_config comes with libpq-dev, which the server package does not need
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v));
    candidates.push(...versions.sort((a, b) => Number(b) - Number(a)).map((v) => join(debian, v, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error('PostgreSQL is not installed (no initdb found): `apt-get install postgresql`, or run `npm test`, which does');
  }
  return found;
}

/**
 * How to run a PostgreSQL tool: as we are, or, since initdb refuses to run as root, as the
 * `postgres` user that Debian's package creates, who then owns the cluster's folder.
 */
function clusterOwner(bin: string) {
  const asRoot = process.getuid?.() === 0;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return {
    owner: asRoot ? { uid: id('-u'), gid: id('-g') } : null,
    command: (tool: string, args: string[]): [string, string[]] =>
      asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args],
  };
}

/** /dev/shm when it has 2 GB free (a container's may have 64 MB), else the system's temporary folder. */
function clusterParent(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 2 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return tmpdir();
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const { owner, command } = clusterOwner(postgresBinDir());
  const root = mkdtempSync(join(clusterParent(), 'yujing-pg-'));
  if (owner) chownSync(root, owner.uid, owner.gid);
  const data = join(root, 'data');
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(...command(tool, args), { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    if (result.status !== 0) {
      throw new Error(`${tool} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
    }
  };
  const stop = () => {
    if (existsSync(join(data, 'postmaster.pid'))) {
      spawnSync(...command('pg_ctl', ['-D', data, 'stop', '-m', 'immediate']), { stdio: 'ignore' });
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    let port = 0;
    // The port was free a moment ago; another process may take it first, so try again then.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${root}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
      ].join(' ');
      try {
        run('pg_ctl', ['-D', data, '-l', join(root, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    return {
      adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * A new database in the cluster of `adminUrl`, a copy of `template` (template1, which is empty, by
 * default); answers its connection string.
 */
export async function createDatabase(adminUrl: string, template = 'template1'): Promise<string> {
  const name = `yujing_${process.pid}_${randomBytes(6).toString('hex')}`;
  // Copying the template's files is twice as fast as logging every page of it (PostgreSQL 15's
  // default), and durability is off here anyway.
  await asAdmin(adminUrl, (client) =>
    client.query(`create database "${name}" template "${template.replaceAll('"', '""')}" strategy file_copy`),
  );
  return databaseUrl(adminUrl, name);
}

/** The connection string of the database `name` in the cluster of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The name of the database a connection string opens. */
const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * A database with every migration applied, for the run's tests to copy (createDatabase's
 * `template`): a copy takes a tenth of the time of migrating a new database, which every one of
 * the upstream's tests on PostgreSQL otherwise did. Answers its name; nothing may stay connected
 * to it, so its connection is closed before this returns.
 */
export async function createMigratedTemplate(adminUrl: string): Promise<string> {
  const url = await createDatabase(adminUrl);
  const db = openDatabase({ databasePath: '', databaseUrl: url });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return databaseName(url);
}

/** Drops the database of `url`, closing what is still connected to it. */
export async function dropDatabase(adminUrl: string, url: string): Promise<void> {
  const name = databaseName(url);
  await asAdmin(adminUrl, (client) => client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`));
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
