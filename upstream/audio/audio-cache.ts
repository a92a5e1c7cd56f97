/**
 * The disk cache of generated speech (issue 29: anonymous requests of long texts filled the disk,
 * 14 MB a request, never deleted), bounded in bytes.
 *
 * - Bound: the folder (WAVs, the composed keys' sources under `keys/`, and the two folders
 *   themselves) takes at most `maxBytes` of disk, counted as `du` counts it: the blocks the files
 *   occupy (4 KiB each) and the folders' own blocks. Past it the least recently used files are
 *   deleted.
 * - Size: known from one scan of the folder when the cache is made (readdir and stat, no reading),
 *   then kept by adding what is written and taking off what is evicted.
 * - Admission: audio larger than `maxEntryBytes` is served but never kept. Audio larger than
 *   `admitAtOnceBytes` (a long sentence) is kept only when it is asked for a second time while it
 *   is remembered as asked once (the last `doorkeeperSize` such texts, names only, in memory): a
 *   text nobody asks for again, such as a flood of random texts, is never written, and so never
 *   pushes out what learners do ask for again. Its first asker's browser keeps it anyway (the
 *   answer is immutable, and the player keeps recent audio). Words and short sentences are kept
 *   at once: they are small and asked for again and again.
 * - Recency: a hit moves a file to the back of the queue in memory; its modification time is
 *   brought forward too (at most every 10 minutes per file), so a restart, which orders the files
 *   by it, keeps the order roughly.
 * - Several processes on one folder (instances behind a balancer): each keeps its own count, and a
 *   file that vanishes under it (another evicted it) is a miss that is made again, never an error.
 *   Each process rescans the folder after it has written an eighth of the bound, so it learns
 *   what the others wrote; the bound is approximate across processes, exceeded by at most about
 *   an eighth of it for each other process.
 * - Writes go to a temporary file that is renamed into place, so a crash never leaves half a file
 *   that later reads as audio; temporary files left by a crash are removed by the next scan.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface AudioCacheOptions {
  dir: string;
  /** The bound on the folder, in bytes of disk; 0 keeps nothing. */
  maxBytes: number;
  log: (line: string) => void;
  /** Larger files are served but never kept (default: an eighth of maxBytes). */
  maxEntryBytes?: number;
  /** Larger files are kept from their second request on (default 256 KiB, about 100 characters). */
  admitAtOnceBytes?: number;
  /** Long texts remembered as asked for once (default 4,096 names, about half a megabyte). */
  doorkeeperSize?: number;
}

export interface AudioCache {
  /** The file's bytes, or null when it is not there; `file` is relative to the folder. */
  read(file: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Whether the file is there now (a look at the disk, not at the count). */
  exists(file: string): Promise<boolean>;
  /** Keeps the data under `file` if the admission rules let it, evicting what the bound needs. */
  write(file: string, data: Uint8Array | string): Promise<void>;
  /** What this process counts: bytes of disk (files and folders) and files. */
  usage(): { bytes: number; files: number };
  /** Resolves when no scan of the folder is running. */
  settled(): Promise<void>;
}

/** Files are counted by the blocks they occupy; ext4 and most file systems allocate 4 KiB ones. */
const BLOCK = 4096;
export const diskBytes = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

const KEYS = 'keys';
const TOUCH_EVERY_MS = 10 * 60_000;
/** A temporary file older than this was left by a crash (a write takes milliseconds). */
const STALE_TMP_MS = 60 * 60_000;
const STAT_BATCH = 64;

interface Entry {
  bytes: number;
  /** Last use known to this process, ms since the epoch. */
  used: number;
  /** When the file's modification time was last brought forward (or read by a scan). */
  touched: number;
}

const isEnoent = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Whether `name` in the folder's top level or in keys/ is one of the cache's files. */
const isCacheFile = (sub: string, name: string) => (sub === KEYS ? name.endsWith('.txt') : name.endsWith('.wav'));

export function createAudioCache(options: AudioCacheOptions): AudioCache {
  const { dir, log } = options;
  const maxBytes = Math.max(0, options.maxBytes);
  const maxEntryBytes = Math.min(options.maxEntryBytes ?? Math.floor(maxBytes / 8), maxBytes);
  const admitAtOnceBytes = options.admitAtOnceBytes ?? 256 * 1024;
  const doorkeeperSize = options.doorkeeperSize ?? 4096;

  // Least recently used first: a Map keeps insertion order, and a use re-inserts.
  let index = new Map<string, Entry>();
  let total = 0;
  // The folders' own blocks (their entries), as the last scan found them; at least one block each.
  let folderBytes = 2 * BLOCK;
  let writtenSinceScan = 0;
  let scanning: Promise<void> | undefined;
  const askedOnce = new Set<string>();
  let dirsMade: Promise<void> | undefined;

  const full = (file: string) => path.join(dir, file);

  function forget(file: string) {
    const entry = index.get(file);
    if (!entry) return;
    index.delete(file);
    total -= entry.bytes;
  }

  function remember(file: string, bytes: number, used: number, touched: number) {
    forget(file);
    index.set(file, { bytes, used, touched });
    total += bytes;
  }

  /**
   * Deletes least recently used files until the count is within the bound; `keep` stays. The
   * victims leave the count at once (so concurrent writes do not pick them again) and the disk
   * when the returned promise resolves.
   */
  async function evict(keep?: string): Promise<void> {
    const victims: string[] = [];
    for (const [file, entry] of index) {
      if (total + folderBytes <= maxBytes) break;
      if (file === keep) continue;
      index.delete(file);
      total -= entry.bytes;
      victims.push(file);
    }
    await Promise.all(
      victims.map((file) =>
        // Another process may have deleted it first: force ignores that.
        rm(full(file), { force: true }).catch((error: unknown) => log(`[speech] could not evict ${file}: ${message(error)}`)),
      ),
    );
  }

  /**
   * Lists the folder (top level and keys/) with sizes and modification times, and measures the
   * folders themselves; removes stale tmp files.
   */
  async function list(): Promise<{ file: string; bytes: number; mtime: number }[]> {
    const candidates: string[] = [];
    let folders = 0;
    for (const sub of ['', KEYS]) {
      let names: string[];
      try {
        names = await readdir(path.join(dir, sub));
        const info = await stat(path.join(dir, sub));
        folders += Math.max(BLOCK, info.blocks * 512 || diskBytes(info.size));
      } catch (error) {
        if (isEnoent(error)) {
          folders += BLOCK; // made by the first write
          continue;
        }
        throw error;
      }
      for (const name of names) {
        if (name.endsWith('.tmp') || isCacheFile(sub, name)) candidates.push(sub ? `${sub}/${name}` : name);
      }
    }
    const found: { file: string; bytes: number; mtime: number }[] = [];
    const now = Date.now();
    for (let at = 0; at < candidates.length; at += STAT_BATCH) {
      await Promise.all(
        candidates.slice(at, at + STAT_BATCH).map(async (file) => {
          try {
            const info = await stat(full(file));
            if (!info.isFile()) return;
            if (file.endsWith('.tmp')) {
              if (now - info.mtimeMs > STALE_TMP_MS) await rm(full(file), { force: true });
              return;
            }
            found.push({ file, bytes: diskBytes(info.size), mtime: info.mtimeMs });
          } catch (error) {
            // Gone between readdir and stat: evicted by another process.
            if (!isEnoent(error)) throw error;
          }
        }),
      );
    }
    folderBytes = folders;
    return found;
  }

  /**
   * Counts the folder again and orders it by last use (the later of the file's modification time
   * and this process's own record). Files this process used or wrote while the scan ran are kept
   * even if the scan missed them.
   */
  function scan(): Promise<void> {
    scanning ??= (async () => {
      const started = Date.now();
      writtenSinceScan = 0;
      try {
        const found = await list();
        const seen = new Set(found.map((f) => f.file));
        const rows = found.map(({ file, bytes, mtime }) => {
          const known = index.get(file);
          return { file, bytes, used: Math.max(mtime, known?.used ?? 0), touched: Math.max(mtime, known?.touched ?? 0) };
        });
        for (const [file, entry] of index) {
          if (!seen.has(file) && entry.used >= started) rows.push({ file, ...entry });
        }
        rows.sort((a, b) => a.used - b.used);
        index = new Map();
        total = 0;
        for (const row of rows) remember(row.file, row.bytes, row.used, row.touched);
        await evict();
      } catch (error) {
        log(`[speech] could not scan the audio cache: ${message(error)}`);
      } finally {
        scanning = undefined;
      }
    })();
    return scanning;
  }

  /** Whether a long text may be kept now: on its second request while remembered. */
  function admitLong(file: string): boolean {
    if (askedOnce.delete(file)) return true;
    askedOnce.add(file);
    if (askedOnce.size > doorkeeperSize) askedOnce.delete(askedOnce.values().next().value!);
    return false;
  }

  const ensureDirs = () =>
    (dirsMade ??= mkdir(path.join(dir, KEYS), { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        dirsMade = undefined; // try again next time: the folder may become writable
        throw error;
      },
    ));

  async function writeAtomically(file: string, data: Uint8Array | string, again = false): Promise<void> {
    await ensureDirs();
    const tmp = `${full(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, full(file));
    } catch (error) {
      await rm(tmp, { force: true });
      // The folder was removed under us (by hand, to reclaim space): make it again once.
      if (isEnoent(error) && !again) {
        dirsMade = undefined;
        return writeAtomically(file, data, true);
      }
      throw error;
    }
  }

  const initial = scan().then(() => {
    log(`[speech] audio cache: ${index.size} files, ${megabytes(total + folderBytes)} of ${megabytes(maxBytes)}`);
  });

  return {
    async read(file) {
      let data: Buffer;
      try {
        data = await readFile(full(file));
      } catch (error) {
        if (isEnoent(error)) {
          forget(file);
          return null;
        }
        throw error;
      }
      const now = Date.now();
      let touched = index.get(file)?.touched ?? now;
      if (now - touched > TOUCH_EVERY_MS) {
        touched = now;
        utimes(full(file), now / 1000, now / 1000).catch(() => {
          // Gone meanwhile, or not ours to touch: the order in memory is what counts here.
        });
      }
      // A file another process wrote is counted from its first read here.
      remember(file, diskBytes(data.byteLength), now, touched);
      return new Uint8Array(data);
    },

    async exists(file) {
      try {
        await stat(full(file));
        return true;
      } catch (error) {
        if (isEnoent(error)) return false;
        throw error;
      }
    },

    async write(file, data) {
      const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
      if (size > maxEntryBytes) return;
      if (size > admitAtOnceBytes && !admitLong(file)) return;
      await writeAtomically(file, data);
      const now = Date.now();
      const bytes = diskBytes(size);
      remember(file, bytes, now, now);
      writtenSinceScan += bytes;
      await evict(file);
      if (writtenSinceScan > maxBytes / 8 && !scanning) void scan();
    },

    usage: () => ({ bytes: total + folderBytes, files: index.size }),

    async settled() {
      await initial;
      while (scanning) await scanning;
    },
  };
}
