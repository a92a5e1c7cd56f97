import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/*
 * scripts/reading-page-cache.cjs over real HTTP, in front of a server that answers as Next does:
 * headers set one by one, flushHeaders() before the first chunk, the body in chunks. What the
 * browser receives must be the page, gzipped once, with a length that matches; a plain request
 * for a page answered less than a second ago is answered without the server.
 */

const { serveReadingPage, forgetKeptAnswers, KEEP_ANSWER_MS } = createRequire(import.meta.url)(
  '../scripts/reading-page-cache.cjs',
) as {
  serveReadingPage: (req: IncomingMessage, res: ServerResponse) => boolean;
  forgetKeptAnswers: () => void;
  KEEP_ANSWER_MS: number;
};

const page = `<!DOCTYPE html><html><body>${'<p>Alice was beginning to get very tired.</p>'.repeat(400)}</body></html>`;
const seen: { path: string; acceptEncoding: string | undefined }[] = [];
let renders = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    // As the guard does: a security header set before, per request.
    res.setHeader('x-content-type-options', 'nosniff');
    if (serveReadingPage(req, res)) return;
    seen.push({ path: req.url ?? '', acceptEncoding: req.headers['accept-encoding'] });
    renders++;
    if (req.url?.startsWith('/api/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"OK"}');
      return;
    }
    const status = req.url?.includes('missing') ? 404 : 200;
    res.statusCode = status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('vary', 'rsc, next-router-state-tree');
    res.setHeader('etag', `"render-${renders}"`);
    if (req.url?.includes('private')) res.setHeader('cache-control', 'private, no-store');
    if (req.url?.includes('cookie')) res.setHeader('set-cookie', 'yj_ref=someone; Path=/');
    res.flushHeaders();
    const half = page.length / 2;
    res.write(page.slice(0, half));
    res.write(Buffer.from(page.slice(half)));
    res.end();
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** One raw request: status, headers and the bytes as sent. */
function get(path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((done, fail) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the reading pages’ kept gzip', () => {
  beforeEach(() => forgetKeptAnswers());

  it('sends a reading page gzipped, with its length, and the same bytes again without compressing again', async () => {
    const first = await get('/Article/carroll-alice?share_account=1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    expect(first.headers.vary).toBe('rsc, next-router-state-tree, Accept-Encoding');
    expect(gunzipSync(first.body).toString()).toBe(page);
    // The server behind was asked for the plain page.
    expect(seen.at(-1)).toEqual({ path: '/Article/carroll-alice?share_account=1', acceptEncoding: undefined });

    const again = await get('/readingArticle/alice-chapter-1', { 'accept-encoding': 'gzip' });
    expect(again.body.equals(first.body)).toBe(true);
  });

  it('gzips the 404 of an unknown reading page too', async () => {
    const missing = await get('/NewsArticle/missing', { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(gunzipSync(missing.body).toString()).toBe(page);
  });

  it('leaves everything else to the server: other paths, RSC requests, HEAD, clients without gzip', async () => {
    for (const [path, headers, method] of [
      ['/AboutUs', { 'accept-encoding': 'gzip' }, 'GET'],
      ['/Article/carroll-alice/extra', { 'accept-encoding': 'gzip' }, 'GET'],
      ['/api/get_user_info', { 'accept-encoding': 'gzip' }, 'GET'],
      ['/Article/carroll-alice', { 'accept-encoding': 'gzip', rsc: '1' }, 'GET'],
      ['/Article/carroll-alice', { 'accept-encoding': 'gzip' }, 'HEAD'],
      ['/Article/carroll-alice', { 'accept-encoding': 'identity' }, 'GET'],
    ] as const) {
      const answer = await get(path, headers, method);
      expect(answer.headers['content-encoding'], `${method} ${path}`).toBeUndefined();
      expect(seen.at(-1)?.acceptEncoding, `${method} ${path}`).toBe(headers['accept-encoding']);
      if (method === 'GET' && !path.startsWith('/api/')) expect(answer.body.toString()).toBe(page);
    }
    expect(renders).toBeGreaterThan(0);
  });
});

describe('the reading pages’ whole answer, kept for a second', () => {
  beforeEach(() => forgetKeptAnswers());
  const gzip = { 'accept-encoding': 'gzip' };

  it('answers a plain request for the same page from memory, with the page’s headers and the request’s own', async () => {
    const first = await get('/ShortStoryArticle/kept', gzip);
    const rendered = renders;
    const again = await get('/ShortStoryArticle/kept', gzip);
    expect(renders).toBe(rendered);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(gunzipSync(again.body).toString()).toBe(page);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.headers.vary).toBe('rsc, next-router-state-tree, Accept-Encoding');
    expect(Number(again.headers['content-length'])).toBe(again.body.length);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    // Another page is its own answer.
    await get('/ShortStoryArticle/other', gzip);
    expect(renders).toBe(rendered + 1);
  });

  it('asks the server again after a second, and after the documents were expired', async () => {
    await get('/NewsArticle/fresh', gzip);
    const rendered = renders;
    forgetKeptAnswers();
    await get('/NewsArticle/fresh', gzip);
    expect(renders).toBe(rendered + 1);
    await new Promise((r) => setTimeout(r, KEEP_ANSWER_MS + 50));
    const later = await get('/NewsArticle/fresh', gzip);
    expect(renders).toBe(rendered + 2);
    expect(later.headers.etag).toBe(`"render-${rendered + 2}"`);
  });

  it('never keeps a 404, a private answer or one that sets a cookie, nor answers a query or a conditional request', async () => {
    for (const path of ['/NewsArticle/missing', '/NewsArticle/private', '/NewsArticle/cookie']) {
      await get(path, gzip);
      const rendered = renders;
      const again = await get(path, gzip);
      expect(renders, path).toBe(rendered + 1);
      if (path.endsWith('cookie')) expect(again.headers['set-cookie']).toEqual(['yj_ref=someone; Path=/']);
    }
    await get('/Article/asked', gzip);
    const rendered = renders;
    await get('/Article/asked?share_account=7', gzip);
    await get('/Article/asked', { ...gzip, 'if-none-match': '"render-1"' });
    await get('/Article/asked', { ...gzip, rsc: '1' });
    await get('/Article/asked', { 'accept-encoding': 'identity' });
    expect(renders).toBe(rendered + 4);
    // The query's answer did not replace the plain one, which is still kept.
    await get('/Article/asked', gzip);
    expect(renders).toBe(rendered + 4);
  });
});
