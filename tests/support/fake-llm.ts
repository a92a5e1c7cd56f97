import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake OpenAI-compatible chat endpoint over real HTTP (POST /v1/chat/completions), for tests of
 * the model's paths: it streams the chunks a test gives it, and can fail mid-stream, stall, or
 * answer an error status. It records every request, and what became of it.
 */

export type FakeLlmMode =
  /** Sends the chunks, `delayMs` apart, then [DONE]. */
  | { kind: 'normal'; chunks: string[]; delayMs?: number }
  /** Sends the first `after` chunks, then destroys the connection. */
  | { kind: 'fail'; chunks: string[]; after: number; delayMs?: number }
  /** Sends the first `after` chunks, then nothing, keeping the connection open. */
  | { kind: 'stall'; chunks: string[]; after: number }
  /** Answers this HTTP status with an OpenAI-style error body. */
  | { kind: 'status'; status: number; message?: string };

export interface FakeLlmRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    [key: string]: unknown;
  };
  headers: IncomingMessage['headers'];
  /** Chunks written so far. */
  chunksSent: number;
  /** Whether the client closed the connection before the answer was over. */
  closedEarly: boolean;
  /** Resolves when the exchange is over, either way. */
  done: Promise<void>;
}

export interface FakeLlm {
  /** The base URL to configure (LLM_BASE_URL), ending in /v1. */
  url: string;
  requests: FakeLlmRequest[];
  /** The mode of the requests from now on. */
  setMode(mode: FakeLlmMode): void;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeLlm(initial: FakeLlmMode = { kind: 'normal', chunks: ['好的。'] }): Promise<FakeLlm> {
  let mode = initial;
  const requests: FakeLlmRequest[] = [];
  const stalled = new Set<() => void>();

  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    let raw = '';
    for await (const part of req) raw += part;
    let finish!: () => void;
    const record: FakeLlmRequest = {
      body: JSON.parse(raw),
      headers: req.headers,
      chunksSent: 0,
      closedEarly: false,
      done: new Promise<void>((resolve) => (finish = resolve)),
    };
    requests.push(record);
    let over = false;
    res.on('close', () => {
      if (!over) record.closedEarly = true;
      finish();
    });
    const current = mode;
    const id = `chatcmpl-fake-${requests.length}`;

    if (current.kind === 'status') {
      over = true;
      res.writeHead(current.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: current.message ?? 'fake failure', type: 'server_error', code: null } }));
      return;
    }

    if (!record.body.stream) {
      over = true;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: record.body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: current.chunks.join('') }, finish_reason: 'stop' }],
        }),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: Record<string, string>, finishReason: string | null = null) =>
      event({
        id,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: record.body.model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      });
    const count = current.kind === 'normal' ? current.chunks.length : current.after;
    const delayMs = current.kind === 'stall' ? 0 : (current.delayMs ?? 0);
    for (let i = 0; i < count; i++) {
      if (i > 0 && delayMs) await sleep(delayMs);
      if (res.destroyed) return;
      chunk(i === 0 ? { role: 'assistant', content: current.chunks[i] } : { content: current.chunks[i] });
      record.chunksSent++;
    }
    if (current.kind === 'fail') {
      // What was written reaches the client first (destroy drops what is still buffered).
      await sleep(50);
      res.destroy();
      return;
    }
    if (current.kind === 'stall') {
      // Held open until the client gives up or the server stops.
      await new Promise<void>((resolve) => {
        stalled.add(resolve);
        res.on('close', resolve);
      });
      return;
    }
    chunk({}, 'stop');
    over = true;
    res.end('data: [DONE]\n\n');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    async stop() {
      for (const release of stalled) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
