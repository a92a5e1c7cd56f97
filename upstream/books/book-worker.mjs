/*
 * A book worker (worker_threads): runs book-job.ts, the reading and making of an uploaded book,
 * off the service's event loop, where book-maker.ts can stop it at a deadline, at a memory
 * ceiling, or when the uploader leaves. Plain JavaScript on purpose: a worker file is loaded by
 * Node itself, not by the service's loader, so this file asks tsx for the TypeScript behind it
 * (tsImport: a loader for that import only), the same under `node --import tsx` (npm start,
 * npm run upstream) and under Vitest.
 *
 * Messages out: { ready: true } once loaded; then for each job { id, answer } or { id, error }.
 * Messages in:  { id, fileName, bytes } (bytes transferred).
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// A book is background work: this thread yields the CPU to the service's own (on Linux a nice
// value is a thread's, so this lowers the worker alone; elsewhere it may do nothing).
try {
  setPriority(10);
} catch {
  // not allowed here: the worker runs at the service's priority
}

const { runBookJob, transferables } = await tsImport('./book-job.ts', import.meta.url);

parentPort.on('message', async ({ id, fileName, bytes }) => {
  try {
    const answer = await runBookJob({ fileName, bytes });
    parentPort.postMessage({ id, answer }, answer.ok ? transferables(answer.book) : []);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
parentPort.postMessage({ ready: true });
