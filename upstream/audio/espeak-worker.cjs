/*
 * Synthesis worker (worker_threads): runs espeak-ng, compiled to WebAssembly and shipped by the
 * `text2wav` package, off the service's event loop. Plain CommonJS on purpose: a worker file is
 * loaded by Node itself, not by tsx or Vitest, so it must not need a TypeScript transform.
 *
 * Why not text2wav's own entry point: it passes the text as a command-line argument (a text that
 * starts with "-" is then read as an option and the run never writes its output), reads the wasm
 * file on every call, leaves two process-wide listeners behind on every call and exits the whole
 * process on a fatal engine error. Here the text goes in through a file, the compiled module is
 * reused, the listeners are removed and a fatal error only ends this worker.
 *
 * Messages in:  { id, text, voice }   (voice: an espeak-ng voice name such as 'en-us')
 * Messages out: { id, wav } (an ArrayBuffer, transferred) or { id, error }
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { parentPort } = require('node:worker_threads');

const engineDir = path.dirname(require.resolve('text2wav/lib/espeak-ng.js'));
const createEngine = require(path.join(engineDir, 'espeak-ng.js'));
const compiled = new WebAssembly.Module(fs.readFileSync(path.join(engineDir, 'espeak-ng.wasm')));

function synthesize(text, voice) {
  return new Promise((resolve, reject) => {
    const events = ['uncaughtException', 'unhandledRejection'];
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
    const messages = [];
    let settled = false;
    const finish = (error, wav) => {
      if (settled) return;
      settled = true;
      for (const e of events) {
        for (const listener of process.listeners(e)) if (!before.get(e).has(listener)) process.removeListener(e, listener);
      }
      if (error) reject(error);
      else resolve(wav);
    };
    const engine = {
      arguments: ['-v', voice, '-w', '/out.wav', '-f', '/in.txt'],
      print: () => {},
      printErr: (line) => messages.push(String(line)),
      quit: (status) => finish(new Error(`espeak-ng exited with status ${status}: ${messages.join(' ')}`)),
      onAbort: (what) => finish(new Error(`espeak-ng aborted: ${String(what)} ${messages.join(' ')}`)),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(compiled, imports).then(
          (instance) => receive(instance),
          (error) => finish(error),
        );
        return {};
      },
      preRun: [() => engine.FS.writeFile('/in.txt', text)],
      postRun: [
        () => {
          try {
            const wav = engine.FS.readFile('/out.wav');
            finish(null, wav);
          } catch {
            finish(new Error(`espeak-ng wrote no audio: ${messages.join(' ') || 'no message'}`));
          }
        },
      ],
    };
    try {
      createEngine(engine);
    } catch (error) {
      finish(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

parentPort.on('message', ({ id, text, voice }) => {
  synthesize(text, voice).then(
    (wav) => {
      const copy = wav.slice().buffer;
      parentPort.postMessage({ id, wav: copy }, [copy]);
    },
    (error) => parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
