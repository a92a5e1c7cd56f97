import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A round-robin HTTP proxy for the scale-out tests, as a load balancer in front of several
 * instances: each request goes to the next target in turn, its method, path, headers and body
 * passed on (the Host too, as nginx's `proxy_set_header Host $host` does), the answer streamed
 * back. A target that refuses the connection answers 502, as nginx
 * would; the proxy does not retry (a test wants to see what each instance did).
 */

export interface RoundRobin {
  url: string;
  /** How many requests each target was sent, in the order of `targets`. */
  sent: number[];
  close(): Promise<void>;
}

export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  const sent = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % targets.length;
    sent[index]++;
    const target = new URL(req.url ?? '/', targets[index]);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
