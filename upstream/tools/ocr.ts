import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { type Block, createScheduler, createWorker, OEM, type RecognizeResult, type Scheduler } from 'tesseract.js';

/*
 * The recogniser behind parse_image: tesseract.js (Tesseract's LSTM engine in WebAssembly, one
 * worker thread each) with the English model shipped in @tesseract.js-data/eng, read from
 * node_modules as the package ships it (gzipped) and never written anywhere: nothing is
 * downloaded or cached at run time. The workers are few and reused: a worker holds the model
 * (~100 MB) and one page takes a core for a second or more, so a pool of one or two, made on the
 * first photo, answers one photo per worker at a time; a bounded queue waits behind them, and a
 * photo that finds the queue full is refused at once (OcrBusyError) instead of waiting minutes.
 * Idle workers are let go after a while, and all of them when the upstream closes.
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
  log?: (line: string) => void;
}

export interface OcrPool {
  /** Reads the page's text structure; rejects with OcrBusyError or OcrImageError. */
  recognize(image: Uint8Array): Promise<OcrPage>;
  /** Photos being read or waiting. */
  pending(): number;
  /** Ends the workers; later photos are refused as busy. */
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** The shipped English model: Tesseract 4's LSTM model, integer-quantised ("best_int"), gzipped. */
export const englishModelDir = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

export const defaultOcrWorkers = Math.min(2, Math.max(1, availableParallelism() - 1));

export function createOcrPool({
  workers = defaultOcrWorkers,
  queueLimit = 8,
  idleMs = 5 * 60_000,
  log = () => {},
}: OcrPoolOptions = {}): OcrPool {
  let scheduler: Promise<Scheduler> | undefined;
  let inFlight = 0;
  let closed = false;
  let idleTimer: NodeJS.Timeout | undefined;

  async function start(): Promise<Scheduler> {
    const started = Date.now();
    const made = createScheduler();
    try {
      const threads = await Promise.all(
        Array.from({ length: workers }, () =>
          createWorker('eng', OEM.LSTM_ONLY, {
            langPath: englishModelDir,
            gzip: true,
            // Read the model from the package every time a worker starts; write no cache file.
            cacheMethod: 'none',
            // A job's failure rejects its promise; without a handler tesseract.js also throws it
            // out of the message listener, which would end the process.
            errorHandler: () => {},
          }),
        ),
      );
      for (const thread of threads) made.addWorker(thread);
    } catch (error) {
      await made.terminate().catch(() => {});
      throw error;
    }
    log(`ocr: ${workers} worker${workers > 1 ? 's' : ''} ready in ${Date.now() - started} ms`);
    return made;
  }

  function stop(): Promise<void> {
    clearTimeout(idleTimer);
    const running = scheduler;
    scheduler = undefined;
    return running ? running.then((s) => s.terminate()).catch(() => {}) : Promise.resolve();
  }

  return {
    async recognize(image) {
      if (closed || inFlight >= workers + queueLimit) throw new OcrBusyError();
      inFlight++;
      clearTimeout(idleTimer);
      try {
        scheduler ??= start().catch((error) => {
          scheduler = undefined;
          throw error;
        });
        const ready = await scheduler;
        let result: RecognizeResult;
        try {
          result = await ready.addJob('recognize', Buffer.from(image), {}, { text: false, blocks: true });
        } catch (error) {
          throw new OcrImageError(error);
        }
        return pageOf(result.data.blocks ?? []);
      } finally {
        inFlight--;
        if (inFlight === 0 && !closed) {
          idleTimer = setTimeout(() => void stop(), idleMs);
          idleTimer.unref();
        }
      }
    },
    pending: () => inFlight,
    close() {
      closed = true;
      return stop();
    },
  };
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
