import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { type Block, createWorker, OEM } from 'tesseract.js';
import { releaseWhenIdle } from '../platform/idle-release';

/*
 * The recogniser behind parse_image: tesseract.js (Tesseract's LSTM engine in WebAssembly, one
 * worker thread each) with the English model shipped in @tesseract.js-data/eng, read from
 * node_modules as the package ships it (gzipped) and never written anywhere: nothing is
 * downloaded or cached at run time. The workers are few and reused: a worker holds the model
 * (~100 MB) and one page takes a core for a second or more, so a pool of one or two, made on the
 * first photo, answers one photo per worker at a time; a bounded queue waits behind them, and a
 * photo that finds the queue full is refused at once (OcrBusyError) instead of waiting minutes.
 * Idle workers are let go after a while, and all of them when the upstream closes; a worker that
 * read a larger image than the screen sends is let go at once, since the memory it grew never
 * comes back otherwise (see `recycleAbovePixels`).
 */

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface OcrWord {
  text: string;
  /** 0–100. */
  confidence: number;
  bbox: OcrBox;
}
export interface OcrLine {
  words: OcrWord[];
  bbox: OcrBox;
  /** The line's baseline, from its left end to its right (a tilted photo's slope). */
  baseline: OcrBox;
}
export interface OcrParagraph {
  lines: OcrLine[];
  bbox: OcrBox;
}
/** A block of text as Tesseract's layout analysis finds it (a column, a caption), in its reading order. */
export interface OcrBlock {
  paragraphs: OcrParagraph[];
  bbox: OcrBox;
}
export interface OcrPage {
  blocks: OcrBlock[];
}

/** The pool is full: every worker is busy and the queue behind them is too. */
export class OcrBusyError extends Error {
  constructor() {
    super('图片识别繁忙，请稍后再试');
    this.name = 'OcrBusyError';
  }
}

/** The recogniser could not decode the image (a damaged file whose header looked right). */
export class OcrImageError extends Error {
  constructor(cause: unknown) {
    super('the recogniser could not read the image', { cause });
    this.name = 'OcrImageError';
  }
}

export interface OcrPoolOptions {
  /** Worker threads (default: one less than the cores, one or two). */
  workers?: number;
  /** Photos that may wait behind the busy workers before more are refused (default 8). */
  queueLimit?: number;
  /** How long idle workers are kept before they are let go (default 5 minutes). */
  idleMs?: number;
  /**
   * A worker that has read an image of more pixels than this is let go after it, and the next
   * photo starts a new one (default `recycleAbovePixels`, see there).
   */
  recycleAbovePixels?: number;
  log?: (line: string) => void;
}

export interface OcrPool {
  /**
   * Reads the page's text structure; rejects with OcrBusyError or OcrImageError. `pixels` is the
   * image's size as its header says (image-file.ts); a large image's worker is let go after it.
   */
  recognize(image: Uint8Array, pixels?: number): Promise<OcrPage>;
  /** Photos being read or waiting. */
  pending(): number;
  /** Workers running now (reading or idle), and how many were started in all. */
  workers(): { running: number; started: number };
  /**
   * Ends the idle workers now, when no photo is being read or waits (what `idleMs` does, and the
   * upstream's quiet-spell release, platform/idle-release.ts); the next photo starts one again.
   */
  endIdleWorkers(): Promise<void>;
  /** Ends the workers; later photos are refused as busy. */
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** The shipped English model: Tesseract 4's LSTM model, integer-quantised ("best_int"), gzipped. */
export const englishModelDir = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

export const defaultOcrWorkers = Math.min(2, Math.max(1, availableParallelism() - 1));

/**
 * Above this many pixels a worker is not kept after its image. Tesseract's WebAssembly memory
 * grows to hold the largest image a worker has read (the image itself, its grey and binary
 * copies, the layout's work) and never shrinks: a 12-megapixel image leaves a worker holding some
 * 180 MB more for the rest of its life, a 40-megapixel one (the bound before issue 29) 600 MB.
 * Ending the worker is the only way to give it back. The screen sends photos at most 2,400
 * pixels on the long side (lib/client/photo-text/photo-text.ts), which a worker may keep room for;
 * after anything larger (an upload by another client) the worker is ended and a fresh one
 * started in its place at once, so that the next photo does not wait for the model to load.
 */
export const recycleAbovePixels = 2400 * 2400;

type Thread = Awaited<ReturnType<typeof createWorker>>;

function startThread(): Promise<Thread> {
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: englishModelDir,
    gzip: true,
    // Read the model from the package every time a worker starts; write no cache file.
    cacheMethod: 'none',
    // A job's failure rejects its promise; without a handler tesseract.js also throws it out of
    // the message listener, which would end the process.
    errorHandler: () => {},
  });
}

/** One place in the pool: the worker thread it has (started on first use, or after a recycle). */
interface Slot {
  thread?: Promise<Thread>;
}

export function createOcrPool({
  workers = defaultOcrWorkers,
  queueLimit = 8,
  idleMs = 5 * 60_000,
  recycleAbovePixels: recycleAbove = recycleAbovePixels,
  log = () => {},
}: OcrPoolOptions = {}): OcrPool {
  const free: Slot[] = Array.from({ length: workers }, () => ({}));
  const all = [...free];
  // Photos waiting for a free place.
  const waiting: { take: (slot: Slot) => void; refuse: (error: Error) => void }[] = [];
  let inFlight = 0;
  let started = 0;
  let closed = false;
  let idleTimer: NodeJS.Timeout | undefined;

  function start(slot: Slot): Promise<Thread> {
    const began = Date.now();
    const number = ++started;
    const thread = startThread().then(
      (made) => {
        log(`ocr: worker ${number} ready in ${Date.now() - began} ms`);
        return made;
      },
      (error: unknown) => {
        if (slot.thread === thread) slot.thread = undefined;
        throw error;
      },
    );
    slot.thread = thread;
    return thread;
  }

  /** Ends a slot's worker; with `replace`, starts another in its place. */
  function recycle(slot: Slot, replace: boolean): Promise<void> {
    const thread = slot.thread;
    slot.thread = undefined;
    // A replacement that fails to start is simply not there: the next photo starts one.
    if (replace) start(slot).catch(() => {});
    return thread
      ? thread
          .then((t) => t.terminate())
          .then(
            () => {},
            () => {},
          )
      : Promise.resolve();
  }

  function take(): Promise<Slot> {
    const slot = free.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((take, refuse) => waiting.push({ take, refuse }));
  }

  function give(slot: Slot) {
    const next = waiting.shift();
    if (next) next.take(slot);
    else free.push(slot);
  }

  function endIdleWorkers(): Promise<void> {
    if (inFlight > 0) return Promise.resolve();
    clearTimeout(idleTimer);
    return Promise.all(all.map((slot) => recycle(slot, false))).then(() => {});
  }

  const pool: OcrPool = {
    async recognize(image, pixels = 0) {
      if (closed || inFlight >= workers + queueLimit) throw new OcrBusyError();
      inFlight++;
      clearTimeout(idleTimer);
      try {
        const slot = await take();
        try {
          const worker = await (slot.thread ?? start(slot));
          let failed = false;
          try {
            const result = await worker.recognize(Buffer.from(image), {}, { text: false, blocks: true });
            return pageOf(result.data.blocks ?? []);
          } catch (error) {
            failed = true;
            throw new OcrImageError(error);
          } finally {
            // A large image's memory, and whatever state a failed read left, go with the worker.
            if (closed) void recycle(slot, false);
            else if (failed || pixels > recycleAbove) {
              if (pixels > recycleAbove) log(`ocr: worker let go after a ${(pixels / 1e6).toFixed(1)}-megapixel image`);
              void recycle(slot, true);
            }
          }
        } finally {
          give(slot);
        }
      } finally {
        inFlight--;
        if (inFlight === 0 && !closed) {
          idleTimer = setTimeout(() => void endIdleWorkers(), idleMs);
          idleTimer.unref();
        }
      }
    },
    pending: () => inFlight,
    workers: () => ({ running: all.filter((slot) => slot.thread).length, started }),
    endIdleWorkers,
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const photo of waiting.splice(0)) photo.refuse(new OcrBusyError());
      // The workers reading a photo now end when it is read.
      await Promise.all(free.map((slot) => recycle(slot, false)));
    },
  };
  // A quiet spell of the whole upstream (IDLE_RELEASE_MINUTES) lets the workers go too, whichever
  // comes first of it and idleMs.
  releaseWhenIdle(pool, (held) => void held.endIdleWorkers());
  return pool;
}

/** Keeps of Tesseract's answer what the text is built from. */
function pageOf(blocks: Block[]): OcrPage {
  return {
    blocks: blocks.map((block) => ({
      bbox: block.bbox,
      paragraphs: block.paragraphs.map((paragraph) => ({
        bbox: paragraph.bbox,
        lines: paragraph.lines.map((line) => ({
          bbox: line.bbox,
          baseline: line.baseline,
          words: line.words.map((word) => ({ text: word.text, confidence: word.confidence, bbox: word.bbox })),
        })),
      })),
    })),
  };
}
