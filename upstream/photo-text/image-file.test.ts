import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/page-image';
import { UpstreamError } from '../platform/http';
import { releaseIdleNow } from '../platform/idle-release';
import { checkImage, imageKindOf } from './image-file';
import { createOcrPool, OcrBusyError, OcrImageError } from './ocr';

function bmpHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(54);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, 54, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  return bytes;
}

describe('checkImage', () => {
  it('reads the kind and size from the bytes of PNG, JPEG, WebP and BMP', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const page = await renderPage({ paragraphs: ['Hello there.'], size: 20, columnWidth: 300, format });
      expect(checkImage(page.bytes)).toEqual({ kind: format, width: page.width, height: page.height });
    }
    expect(checkImage(bmpHeader(640, -480))).toEqual({ kind: 'bmp', width: 640, height: 480 });
  });

  it('refuses what is not an image, a damaged header, and too many pixels', () => {
    const reason = (bytes: Uint8Array) => {
      try {
        checkImage(bytes);
        return 'accepted';
      } catch (error) {
        return error instanceof UpstreamError ? `${error.httpStatus} ${error.description}` : String(error);
      }
    };
    expect(imageKindOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(reason(new TextEncoder().encode('GIF89a......'))).toMatch(/^400 不支持的文件类型/);
    expect(reason(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toMatch(/^400 图片已损坏/);
    expect(reason(bmpHeader(0, 100))).toMatch(/^400 图片已损坏/);
    expect(reason(bmpHeader(10_000, 10_000))).toMatch(/^413 图片尺寸过大/);
  });
});

describe('the OCR pool', () => {
  it('refuses at once when its workers and queue are full, and serves again after', async () => {
    const pool = createOcrPool({ workers: 1, queueLimit: 1 });
    try {
      const page = await renderPage({ paragraphs: ['A short line of text.'], size: 28, columnWidth: 500 });
      const first = pool.recognize(page.bytes);
      const second = pool.recognize(page.bytes);
      await expect(pool.recognize(page.bytes)).rejects.toBeInstanceOf(OcrBusyError);
      expect(pool.pending()).toBe(2);
      await Promise.all([first, second]);
      const again = await pool.recognize(page.bytes);
      expect(
        again.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text)))),
      ).toEqual(['A', 'short', 'line', 'of', 'text.']);
    } finally {
      await pool.close();
    }
    await expect(pool.recognize(new Uint8Array(1))).rejects.toBeInstanceOf(OcrBusyError);
  });

  it('lets a worker go after a larger image than the screen sends, and starts another for the next photo', async () => {
    const pool = createOcrPool({ workers: 1, recycleAbovePixels: 500_000 });
    try {
      const page = await renderPage({ paragraphs: ['A short line of text.'], size: 28, columnWidth: 500 });
      const words = (read: Awaited<ReturnType<typeof pool.recognize>>) =>
        read.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
      // Ordinary photos share one worker.
      await pool.recognize(page.bytes, 400_000);
      await pool.recognize(page.bytes, 400_000);
      expect(pool.workers()).toEqual({ running: 1, started: 1 });
      // A large one is read, and its worker (with the memory it grew) is ended after it; a fresh
      // one takes its place at once and reads the next photo.
      expect(words(await pool.recognize(page.bytes, 600_000))).toEqual(['A', 'short', 'line', 'of', 'text.']);
      expect(pool.workers()).toEqual({ running: 1, started: 2 });
      expect(words(await pool.recognize(page.bytes, 400_000))).toEqual(['A', 'short', 'line', 'of', 'text.']);
      expect(pool.workers()).toEqual({ running: 1, started: 2 });
      // So is one the recogniser could not read.
      await expect(pool.recognize(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 1)).rejects.toBeInstanceOf(
        OcrImageError,
      );
      expect(pool.workers()).toEqual({ running: 1, started: 3 });
      expect(words(await pool.recognize(page.bytes, 400_000))).toEqual(['A', 'short', 'line', 'of', 'text.']);
    } finally {
      await pool.close();
    }
  });

  it('lets its idle workers go at the upstream’s quiet-spell release, and reads the next photo with a new one', async () => {
    const pool = createOcrPool({ workers: 1 });
    try {
      const page = await renderPage({ paragraphs: ['A short line of text.'], size: 28, columnWidth: 500 });
      await pool.recognize(page.bytes);
      expect(pool.workers()).toEqual({ running: 1, started: 1 });
      releaseIdleNow();
      await vi.waitFor(() => expect(pool.workers().running).toBe(0));
      await pool.recognize(page.bytes);
      expect(pool.workers()).toEqual({ running: 1, started: 2 });
    } finally {
      await pool.close();
    }
  });
});
