import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAudioCache, type AudioCacheOptions } from './audio-cache';
import { cacheOnDisk } from './cache-on-disk';

/*
 * The bounded audio cache on its own, with made-up bytes for audio (the speech tests and
 * speech-cache.test.ts drive it with real speech over HTTP).
 */

const KiB = 1024;
let dir: string;
const logs: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'yujing-audio-cache-'));
  logs.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const make = (options: Partial<AudioCacheOptions> = {}) =>
  createAudioCache({ dir, maxBytes: 64 * KiB, log: (line) => logs.push(line), ...options });

/** Bytes that fill `kib` disk blocks exactly. */
const audio = (kib: number, fill = 1) => new Uint8Array(kib * KiB).fill(fill);

const onDisk = () => cacheOnDisk(dir);

describe('the audio cache', () => {
  it('keeps the folder within its bound, evicting the least recently used file', async () => {
    const cache = make({ maxBytes: 64 * KiB });
    await cache.settled();
    // The folder and keys/ take a block each: seven files of 8 KiB fill the bound.
    for (let i = 0; i < 7; i++) await cache.write(`a${i}.wav`, audio(8, i));
    expect(await onDisk()).toEqual({ bytes: 64 * KiB, files: [0, 1, 2, 3, 4, 5, 6].map((i) => `a${i}.wav`) });
    // a0 is read: a1 is now the oldest, and the next write evicts it.
    expect(await cache.read('a0.wav')).toEqual(audio(8, 0));
    await cache.write('a7.wav', audio(8, 7));
    const now = await onDisk();
    expect(now.bytes).toBe(64 * KiB);
    expect(now.files).toContain('a0.wav');
    expect(now.files).not.toContain('a1.wav');
    expect(cache.usage()).toEqual({ bytes: 64 * KiB, files: 7 });
    // Many more: never above the bound, and the count agrees with the disk.
    for (let i = 8; i < 60; i++) {
      await cache.write(`a${i}.wav`, audio(1 + (i % 7), i));
      expect((await onDisk()).bytes).toBeLessThanOrEqual(64 * KiB);
    }
    expect(cache.usage().bytes).toBe((await onDisk()).bytes);
  });

  it('counts files by the disk blocks they take, so many small files are bounded too', async () => {
    const cache = make({ maxBytes: 40 * KiB });
    for (let i = 0; i < 30; i++) await cache.write(`keys/${i}.txt`, `concat:0.3:word${i}|word${i}`);
    const now = await onDisk();
    expect(now.files).toHaveLength(8);
    expect(now.bytes).toBe(40 * KiB);
  });

  it('serves but does not keep audio larger than an eighth of the bound', async () => {
    const cache = make({ maxBytes: 64 * KiB });
    await cache.write('big.wav', audio(9));
    await cache.write('fits.wav', audio(8));
    expect((await onDisk()).files).toEqual(['fits.wav']);
    // A bound of 0 keeps nothing at all.
    const none = createAudioCache({ dir: path.join(dir, 'none'), maxBytes: 0, log: () => {} });
    await none.write('x.wav', audio(1));
    expect(await none.read('x.wav')).toBeNull();
  });

  it('keeps a long text only from its second request, while it is remembered', async () => {
    const cache = make({ maxBytes: 1024 * KiB, admitAtOnceBytes: 16 * KiB, doorkeeperSize: 2 });
    await cache.write('short.wav', audio(16));
    await cache.write('long.wav', audio(17));
    expect((await onDisk()).files).toEqual(['short.wav']);
    await cache.write('long.wav', audio(17));
    expect((await onDisk()).files).toEqual(['long.wav', 'short.wav']);
    // Only the last two long texts are remembered: the first of three is forgotten.
    for (const name of ['l1', 'l2', 'l3', 'l1']) await cache.write(`${name}.wav`, audio(20));
    expect((await onDisk()).files).toEqual(['long.wav', 'short.wav']);
    await cache.write('l3.wav', audio(20));
    expect((await onDisk()).files).toEqual(['l3.wav', 'long.wav', 'short.wav']);
  });

  it('knows its size at start from one scan, in the order of last use, and trims a folder over its bound', async () => {
    await mkdir(path.join(dir, 'keys'), { recursive: true });
    const base = Date.now() / 1000 - 3600;
    for (let i = 0; i < 10; i++) {
      const file = path.join(dir, `old${i}.wav`);
      await writeFile(file, audio(8, i));
      // old0 was used last, old1 first, then old2…
      await utimes(file, base + (i === 0 ? 100 : i), base + (i === 0 ? 100 : i));
    }
    await writeFile(path.join(dir, 'keys', 'k.txt'), 'concat:0.1:a|b');
    await utimes(path.join(dir, 'keys', 'k.txt'), base + 50, base + 50);
    // Left by a crash two hours ago, and one being written by another process now.
    await writeFile(path.join(dir, 'x.wav.1.abc.tmp'), audio(8));
    await utimes(path.join(dir, 'x.wav.1.abc.tmp'), base - 3600, base - 3600);
    await writeFile(path.join(dir, 'y.wav.2.def.tmp'), audio(1));
    await writeFile(path.join(dir, 'notes.md'), 'not ours');

    const cache = make({ maxBytes: 64 * KiB });
    await cache.settled();
    // 10 × 8 KiB + 4 KiB of key + 8 KiB of folders: over by 28 KiB, so the four least recently
    // used went.
    const now = await onDisk();
    expect(now.files).toEqual([
      'keys/k.txt',
      'notes.md',
      'old0.wav',
      'old5.wav',
      'old6.wav',
      'old7.wav',
      'old8.wav',
      'old9.wav',
      'y.wav.2.def.tmp',
    ]);
    expect(cache.usage()).toEqual({ bytes: 60 * KiB, files: 7 });
    expect(logs).toContain('[speech] audio cache: 7 files, 0.1 MB of 0.1 MB');
  });

  it('takes a file that vanished under it as a miss, and a folder removed by hand as empty', async () => {
    const cache = make();
    await cache.write('gone.wav', audio(4));
    await rm(path.join(dir, 'gone.wav'));
    expect(await cache.read('gone.wav')).toBeNull();
    expect(await cache.exists('gone.wav')).toBe(false);
    expect(cache.usage().files).toBe(0);

    await rm(dir, { recursive: true });
    await cache.write('again.wav', audio(4));
    expect(await cache.read('again.wav')).toEqual(audio(4));
  });

  it('shares a folder with another process: no error when one evicts what the other counts, and the bound holds roughly', async () => {
    const bound = 64 * KiB;
    const a = make({ maxBytes: bound });
    const b = make({ maxBytes: bound });
    await Promise.all([a.settled(), b.settled()]);
    for (let i = 0; i < 40; i++) {
      await a.write(`a${i}.wav`, audio(4, 1));
      await b.write(`b${i}.wav`, audio(4, 2));
      // Each reads the other's files now and then, so each evicts some of the other's.
      await a.read(`b${Math.max(0, i - 1)}.wav`);
      await b.read(`a${Math.max(0, i - 1)}.wav`);
      await Promise.all([a.settled(), b.settled()]);
      // Each rescans after writing an eighth of the bound: the folder is at most one eighth over.
      expect((await onDisk()).bytes).toBeLessThanOrEqual(bound + bound / 8);
    }
    expect(await a.read('b0.wav')).toBeNull();
    expect(await b.read('a39.wav')).toEqual(audio(4, 1));
  });
});
