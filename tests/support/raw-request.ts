import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text; a gzipped one (asked for with accept-encoding) is unzipped first. */
  body: string;
}

/**
 * A request with the path sent exactly as written (fetch would normalise `..` and `//`), on a
 * connection of its own: a kept socket that a test leaves idle past the server's keep-alive (an
 * import process it waits for, say) may be closed by the server just as it is reused.
 */
export function rawRequest(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  // Node's client frames a body only for some methods (not DELETE or OPTIONS): always say its length.
  const headers =
    init.body === undefined ? init.headers : { 'content-length': String(Buffer.byteLength(init.body)), ...init.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
