import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRevalidation, expireReadingPages } from './site-revalidation';

// A site over real HTTP that records what the import sends and answers as the endpoint does.
interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  body: { filenames: string[] };
}
let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

async function site(status = 200): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200 ? { status: 'OK', data: { revalidated: body.filenames.length } } : { status: String(status) },
        ),
      );
    });
  });
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

describe('telling the site which documents an import changed', () => {
  it('posts the names once each, with the secret, a thousand per request', async () => {
    const { url, seen } = await site();
    const names = Array.from({ length: 1500 }, (_, i) => `doc-${i}`);
    const outcome = await expireReadingPages([...names, 'doc-0'], { siteUrl: `${url}/base`, secret: 's3cret' });
    expect(outcome).toEqual({ kind: 'expired', documents: 1500 });
    expect(seen.map((s) => s.path)).toEqual(['/api/revalidate_documents', '/api/revalidate_documents']);
    expect(seen.map((s) => s.body.filenames.length)).toEqual([1000, 500]);
    expect(seen[0].headers.authorization).toBe('Bearer s3cret');
    expect(describeRevalidation(outcome)).toBe('reading pages of 1500 documents expired on the site');
  });

  it('asks nothing without both the address and the secret', async () => {
    const { url, seen } = await site();
    for (const config of [
      { siteUrl: url, secret: undefined },
      { siteUrl: undefined, secret: 's' },
      { siteUrl: '', secret: '' },
    ]) {
      expect(await expireReadingPages(['a'], config)).toEqual({ kind: 'not-configured' });
    }
    expect(seen).toEqual([]);
  });

  it('reports a refusal or an unreachable site instead of throwing', async () => {
    const { url } = await site(401);
    const refused = await expireReadingPages(['a'], { siteUrl: url, secret: 'wrong' });
    expect(refused).toEqual({ kind: 'failed', reason: `${url}/api/revalidate_documents answered 401` });
    expect(describeRevalidation(refused)).toContain('refresh within the hour');
    const down = await expireReadingPages(['a'], { siteUrl: 'http://127.0.0.1:9', secret: 's', timeoutMs: 2000 });
    expect(down.kind).toBe('failed');
  });
});
