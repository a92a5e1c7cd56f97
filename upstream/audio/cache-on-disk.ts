import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { diskBytes } from './audio-cache';

/*
 * The tests' measure of the audio cache: what `du` says of its folder on a file system of 4 KiB
 * blocks, whatever file system the tests run on (tmpfs reports no blocks for a folder).
 */

/** A folder's own blocks: what du counts for it, at least one block. */
async function folderBlocks(folder: string): Promise<number> {
  const info = await stat(folder).catch(() => undefined);
  return info ? Math.max(4096, info.blocks * 512) : 0;
}

/** The disk the cache folder takes (its files' and folders' blocks) and its files, sorted. */
export async function cacheOnDisk(dir: string): Promise<{ bytes: number; files: string[] }> {
  const files: string[] = [];
  let bytes = 0;
  for (const sub of ['', 'keys']) {
    const names = await readdir(path.join(dir, sub)).catch(() => [] as string[]);
    bytes += await folderBlocks(path.join(dir, sub));
    for (const name of names) {
      const info = await stat(path.join(dir, sub, name));
      if (!info.isFile()) continue;
      files.push(sub ? `${sub}/${name}` : name);
      bytes += diskBytes(info.size);
    }
  }
  return { bytes, files: files.sort() };
}
