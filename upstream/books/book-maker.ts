import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BookFormat } from '../../lib/contract';
import type { PackedBook } from './book';
import type { BookJob, BookJobAnswer } from './book-job';
import { BookFileError } from './extract';

/*
 * The book workers: reading an upload and making it a book (book-job.ts) is CPU work of any
 * length a file can ask for (a PDF whose pages take minutes, an EPUB that unpacks to gigabytes, a
 * text of four million characters), so it runs in worker threads (book-worker.mjs), never on the
 * service's event loop, as speech synthesis does (speech/synthesizer.ts). Each job has:
 *  - a deadline: a job still running after timeoutMs has its worker ended, and the file is
 *    refused (422, 文件过于复杂…);
 *  - a memory ceiling: the worker's V8 heap (resourceLimits); a job that passes it ends its
 *    worker alone, and the file is refused the same way;
 *  - cancellation: when the uploader goes away (the request's signal), a waiting job leaves the
 *    queue and a running one has its worker ended.
 * A bounded number of workers run at once (by default one on a machine of up to two cores, so
 * that uploads never take every core), further jobs wait in a bounded queue, and a job that finds
 * the queue full is refused at once (BookMakerBusy, 503). A worker that finished its job is kept
 * for the next one for a while (loading it costs about a second), then let go.
 */

export interface BookMakerOptions {
  /** Jobs running at once, one worker each (default: 1 on up to 2 cores, else 2). */
  workers?: number;
  /** Jobs that may wait for a worker before more are refused (default 4). */
  queueLimit?: number;
  /** How long a job may run in its worker (default 20 s). */
  timeoutMs?: number;
  /** A worker's heap ceiling in MB (default 512). */
  memoryMb?: number;
  /** How long a new worker may take to load (default 60 s). */
  startupMs?: number;
  /** How long an idle worker is kept (default 60 s). */
  idleMs?: number;
  log?: (line: string) => void;
}

/** An upload read and made into a book, ready to be stored. */
export interface MadeFile {
  format: BookFormat;
  /** The title the file gives itself (an EPUB's), if any. */
  title?: string;
  book: PackedBook;
}

/** Every worker is busy and the queue is full. */
export class BookMakerBusy extends Error {
  constructor() {
    super('书籍处理繁忙，请稍后再试');
    this.name = 'BookMakerBusy';
  }
}

/** The job was given up because its caller went away. */
export class BookJobCancelled extends Error {
  constructor() {
    super('the uploader went away');
    this.name = 'AbortError';
  }
}

export interface BookMakerStats {
  /** Worker threads alive (running a job, loading or idle). */
  live: number;
  /** Jobs running in a worker. */
  running: number;
  /** Jobs waiting for one. */
  queued: number;
}

export interface BookMaker {
  /** The upload as a book; rejects with BookFileError, BookMakerBusy or BookJobCancelled. */
  make(job: BookJob, signal?: AbortSignal): Promise<MadeFile>;
  stats(): BookMakerStats;
  /** Ends every worker; jobs waiting or running are refused. */
  close(): Promise<void>;
}

export const defaultBookWorkers = availableParallelism() <= 2 ? 1 : 2;

export const tooComplex = () => new BookFileError('文件过于复杂，无法在限定时间内读取，请换一个文件或拆分后再上传', 422);
export const tooMuchMemory = () => new BookFileError('文件过于复杂，读取它所需的内存超出限制，请换一个文件或拆分后再上传', 422);

interface Job extends BookJob {
  id: number;
  signal?: AbortSignal;
  resolve(made: MadeFile): void;
  reject(error: Error): void;
  /** Takes the job's abort listener off its signal. */
  forget(): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

const workerUrl = new URL('./book-worker.mjs', import.meta.url);

export function createBookMaker(options: BookMakerOptions = {}): BookMaker {
  const workers = Math.max(1, options.workers ?? defaultBookWorkers);
  const queueLimit = Math.max(0, options.queueLimit ?? 4);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const memoryMb = options.memoryMb ?? 512;
  const startupMs = options.startupMs ?? 60_000;
  const idleMs = options.idleMs ?? 60_000;
  const log = options.log ?? (() => {});

  const slots = new Set<Slot>();
  const live = new Set<Worker>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function settle(slot: Slot): Job | undefined {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    job?.forget();
    return job;
  }

  /** Ends a worker (its job, if any, is the caller's to answer) and lets the queue move on. */
  function end(slot: Slot) {
    slots.delete(slot);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
    dispatch();
  }

  function spawn(): Slot {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: memoryMb, stackSizeMb: 4 } });
    live.add(worker);
    const slot: Slot = { worker, ready: false };
    slot.timer = setTimeout(() => {
      if (slot.ready) return;
      log(`[books] a book worker did not load in ${startupMs} ms`);
      settle(slot)?.reject(new Error('book worker did not load'));
      end(slot);
    }, startupMs);
    worker.on('message', (message: { ready?: true; id?: number; answer?: BookJobAnswer; error?: string }) => {
      if (message.ready) {
        clearTimeout(slot.timer);
        slot.ready = true;
        if (slot.job) run(slot);
        return;
      }
      if (!slot.job || slot.job.id !== message.id) return;
      const job = settle(slot);
      if (!job) return;
      if (message.answer?.ok)
        job.resolve({ format: message.answer.format, title: message.answer.title, book: message.answer.book });
      else if (message.answer) job.reject(new BookFileError(message.answer.message, message.answer.httpStatus));
      else {
        log(`[books] making a book failed: ${message.error}`);
        job.reject(new Error(`making a book failed: ${message.error}`));
      }
      rest(slot);
      dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const job = settle(slot);
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        log(`[books] a book worker passed its ${memoryMb} MB heap; worker ended`);
        job?.reject(tooMuchMemory());
      } else {
        log(`[books] a book worker failed: ${error.message}`);
        job?.reject(new Error(`book worker failed: ${error.message}`));
      }
      end(slot);
    });
    worker.on('exit', () => {
      live.delete(worker);
      if (!slots.has(slot)) return;
      settle(slot)?.reject(new Error('book worker exited'));
      end(slot);
    });
    slots.add(slot);
    return slot;
  }

  /** Sends the slot's job to its loaded worker, under the deadline. */
  function run(slot: Slot) {
    const job = slot.job;
    if (!job) return;
    clearTimeout(slot.idleTimer);
    slot.worker.ref();
    const bytes = job.bytes;
    slot.worker.postMessage({ id: job.id, fileName: job.fileName, bytes }, [bytes.buffer as ArrayBuffer]);
    slot.timer = setTimeout(() => {
      if (slot.job !== job) return;
      // A PDF or an XML bomb cannot be interrupted from inside: end its worker.
      log(`[books] making ${JSON.stringify(job.fileName)} passed its ${timeoutMs} ms deadline; worker ended`);
      settle(slot);
      job.reject(tooComplex());
      end(slot);
    }, timeoutMs);
  }

  /** An idle worker waits for the next job, and is let go after idleMs. */
  function rest(slot: Slot) {
    // An idle worker must not keep the process (a test run, a shutdown) alive.
    slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.job) end(slot);
    }, idleMs);
    slot.idleTimer.unref();
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot) {
        if (slots.size >= workers) return;
        slot = spawn();
      }
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      if (slot.ready) run(slot);
    }
  }

  function cancel(job: Job) {
    const waiting = queue.indexOf(job);
    if (waiting >= 0) {
      queue.splice(waiting, 1);
      job.forget();
      job.reject(new BookJobCancelled());
      return;
    }
    const slot = [...slots].find((s) => s.job === job);
    if (!slot) return;
    log(`[books] the uploader of ${JSON.stringify(job.fileName)} went away; worker ended`);
    settle(slot);
    job.reject(new BookJobCancelled());
    end(slot);
  }

  return {
    make({ fileName, bytes }, signal) {
      if (closed) return Promise.reject(new Error('book maker closed'));
      if (signal?.aborted) return Promise.reject(new BookJobCancelled());
      const running = [...slots].filter((s) => s.job).length;
      if (running >= workers && queue.length >= queueLimit) return Promise.reject(new BookMakerBusy());
      return new Promise<MadeFile>((resolve, reject) => {
        const job: Job = { id: nextId++, fileName, bytes, signal, resolve, reject, forget: () => {} };
        const onAbort = () => cancel(job);
        signal?.addEventListener('abort', onAbort, { once: true });
        job.forget = () => signal?.removeEventListener('abort', onAbort);
        queue.push(job);
        dispatch();
      });
    },
    stats: () => ({ live: live.size, running: [...slots].filter((s) => s.job && s.ready).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        job.forget();
        job.reject(new Error('book maker closed'));
      }
      const ending = [...slots].map((slot) => {
        settle(slot)?.reject(new Error('book maker closed'));
        slots.delete(slot);
        clearTimeout(slot.idleTimer);
        return slot.worker.terminate();
      });
      await Promise.all(ending);
    },
  };
}
