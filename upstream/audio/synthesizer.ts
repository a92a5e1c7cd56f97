/**
 * The speech engine: espeak-ng (GPL-3.0-or-later), compiled to WebAssembly and shipped on npm by
 * `text2wav` (the wrapper is MIT; the engine and its espeak-ng-data are GPL-3.0). It runs in
 * worker threads (espeak-worker.cjs) so that synthesis, which is CPU-bound, never blocks the
 * service's event loop, and a fatal engine error ends a worker rather than the service.
 *
 * Why text2wav over mespeak (both tried, Node 20, offline): text2wav carries espeak-ng 1.49 with
 * the en-gb-x-rp (Received Pronunciation) and en-us voices and a 16-bit 22,050 Hz WAV out; mespeak
 * carries the older eSpeak 1.48 as 5 MB of asm.js, runs on the calling thread, and documents an
 * engine failure after about 80 calls that it works around by rebuilding its whole instance.
 * Measured warm on this machine, text2wav in a worker: a word ≈60 ms, 20 words ≈120 ms.
 *
 * Concurrency is bounded by the number of workers; further requests wait in a FIFO queue, which
 * itself is bounded so that a flood of distinct texts is refused rather than queued for minutes.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { UpstreamError } from '../platform/http';

/** An espeak-ng voice name, e.g. 'en-us' or 'en-gb-x-rp'. */
export type EspeakVoice = string;

export interface Synthesizer {
  /** The WAV bytes espeak-ng writes for the text. */
  synthesize(text: string, voice: EspeakVoice): Promise<Uint8Array<ArrayBuffer>>;
  /** Jobs running plus jobs queued. */
  readonly load: number;
  /** Ends the workers; jobs still queued are refused. */
  close(): Promise<void>;
}

export interface SynthesizerOptions {
  /** Workers, i.e. syntheses at the same time (default: 1 on up to 2 cores, else 2). */
  concurrency?: number;
  /** Jobs that may wait for a worker before new ones are refused with 503 (default 200). */
  maxQueue?: number;
  /** A job running longer than this ends its worker and fails (default 60 s). */
  timeoutMs?: number;
  /** An idle worker is ended after this long, to give its memory back (default 5 min). */
  idleMs?: number;
  log?: (line: string) => void;
}

interface Job {
  text: string;
  voice: EspeakVoice;
  resolve(wav: Uint8Array<ArrayBuffer>): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job?: Job & { id: number; timer: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
}

const workerUrl = new URL('./espeak-worker.cjs', import.meta.url);

export const busy = () => new UpstreamError(503, '503', '语音服务繁忙，请稍后再试');

export function createSynthesizer(options: SynthesizerOptions = {}): Synthesizer {
  const concurrency = Math.max(1, options.concurrency ?? (availableParallelism() <= 2 ? 1 : 2));
  const maxQueue = options.maxQueue ?? 200;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleMs = options.idleMs ?? 5 * 60_000;
  const log = options.log ?? (() => {});

  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(workerUrl);
    const slot: Slot = { worker };
    worker.on('message', (message: { id: number; wav?: ArrayBuffer; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      finishJob(slot);
      if (message.wav) job.resolve(new Uint8Array(message.wav));
      else job.reject(new Error(message.error ?? 'speech synthesis failed'));
      dispatch();
    });
    const lost = (reason: string) => {
      if (!slots.delete(slot)) return;
      clearTimeout(slot.idleTimer);
      const job = slot.job;
      if (job) {
        finishJob(slot);
        job.reject(new Error(`speech worker ${reason}`));
      }
      if (!closed) {
        if (job) log(`[speech] worker ${reason}`);
        dispatch();
      }
    };
    worker.on('error', (error) => lost(`failed: ${error.message}`));
    worker.on('exit', (code) => lost(`exited (${code})`));
    // An idle worker must not keep the process (a test run, a shutdown) alive.
    worker.unref();
    slots.add(slot);
    return slot;
  }

  function finishJob(slot: Slot) {
    if (slot.job) clearTimeout(slot.job.timer);
    slot.job = undefined;
    slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.job) void retire(slot);
    }, idleMs);
    slot.idleTimer.unref();
  }

  async function retire(slot: Slot) {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    await slot.worker.terminate();
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot) {
        if (slots.size >= concurrency) return;
        slot = spawn();
      }
      const job = queue.shift()!;
      const id = nextId++;
      const timer = setTimeout(() => {
        if (slot.job?.id !== id) return;
        // A stuck engine cannot be interrupted from outside: end its worker.
        slot.job = undefined;
        slots.delete(slot);
        void slot.worker.terminate();
        log(`[speech] synthesis timed out after ${timeoutMs} ms; worker replaced`);
        job.reject(new Error('speech synthesis timed out'));
        dispatch();
      }, timeoutMs);
      clearTimeout(slot.idleTimer);
      slot.job = { ...job, id, timer };
      slot.worker.ref();
      slot.worker.postMessage({ id, text: job.text, voice: job.voice });
    }
  }

  return {
    synthesize(text, voice) {
      if (closed) return Promise.reject(new Error('speech synthesizer closed'));
      if (queue.length >= maxQueue) return Promise.reject(busy());
      return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        queue.push({ text, voice, resolve, reject });
        dispatch();
      });
    },
    get load() {
      return queue.length + [...slots].filter((s) => s.job).length;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('speech synthesizer closed'));
      await Promise.all([...slots].map((slot) => retire(slot)));
    },
  };
}
