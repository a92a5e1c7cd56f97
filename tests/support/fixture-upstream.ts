import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type FixtureHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => unknown;

/**
 * A programmable upstream for the BFF tests: a test sets a handler for a path (slow, streaming,
 * binary, redirecting…); every other request goes on to the real embedded upstream. It records
 * what the BFF sent, and can be stopped and started again on the same port.
 */
export class FixtureUpstream {
  readonly seen: SeenRequest[] = [];
  private handlers = new Map<string, FixtureHandler>();
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly fallbackUrl: string) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  on(path: string, handler: FixtureHandler) {
    this.handlers.set(path, handler);
  }

  reset() {
    this.handlers.clear();
    this.seen.length = 0;
  }

  last(path: string): SeenRequest | undefined {
    return this.seen.filter((r) => r.url.split('?')[0] === path).at(-1);
  }

  async start(port = this.port): Promise<void> {
    const server = createServer((req, res) => {
      // A request the BFF cut off (refused body, browser gone) is not a test failure here.
      this.handle(req, res).catch(() => res.destroy());
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const handler = this.handlers.get((req.url ?? '').split('?')[0]);
    if (handler) return handler(req, res, body);
    // Everything else: the real embedded upstream.
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k]) => !['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(k),
      ),
    ) as Record<string, string>;
    const answer = await fetch(this.fallbackUrl + req.url, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      redirect: 'manual',
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
    });
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  }
}
