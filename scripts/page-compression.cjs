// The reading pages are rendered once and served whole from Next's cache to every reader
// (app/(reading)/layout.tsx). Next then gzips the same HTML again for every request, which costs
// as much as serving it. Here, for those pages only, the gzipped bytes are kept beside the page:
// Next is asked for the plain page (the request's Accept-Encoding is taken away), and the answer
// is compressed once per distinct body (keyed by its SHA-1) and served from memory afterwards.
//
// Loaded by scripts/request-guard.cjs, which calls `compressReadingPage` for every request it let
// through. Everything else (other pages, the API, the SSE relay, client-side navigations) is left
// to Next as before.
'use strict';
const { createHash } = require('node:crypto');
const { gzipSync } = require('node:zlib');

/** The reading pages' paths (lib/routes/article-routes.ts, articlePages). */
const READING_PAGE = /^\/(Article|NewsArticle|ShortStoryArticle|readingArticle)\/[^/]+\/?$/;
/** Kept gzipped bodies at most, oldest first out. */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
/** A body larger than this is compressed on each request rather than kept. */
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

const cache = new Map();
let cachedBytes = 0;

function gzipOf(body) {
  const key = createHash('sha1').update(body).digest('base64');
  const kept = cache.get(key);
  if (kept) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, kept);
    return kept;
  }
  const zipped = gzipSync(body);
  if (zipped.length <= MAX_ENTRY_BYTES) {
    cache.set(key, zipped);
    cachedBytes += zipped.length;
    while (cachedBytes > MAX_CACHED_BYTES) {
      const [oldest, bytes] = cache.entries().next().value;
      cache.delete(oldest);
      cachedBytes -= bytes.length;
    }
  }
  return zipped;
}

/**
 * For a GET of a reading page's HTML by a client that takes gzip: takes the request's
 * Accept-Encoding away and wraps the response so that the plain answer Next writes is sent
 * gzipped, from the kept bytes when the body is one seen before. Leaves any other request alone.
 */
function compressReadingPage(request, response) {
  if (request.method !== 'GET') return;
  const headers = request.headers;
  if (!/\bgzip\b/i.test(String(headers['accept-encoding'] ?? ''))) return;
  // Client-side navigations ask for the page's RSC payload, not its HTML: Next's own path.
  if (headers.rsc !== undefined) return;
  const pathname = String(request.url ?? '').split('?')[0];
  if (!READING_PAGE.test(pathname)) return;
  delete headers['accept-encoding'];

  const chunks = [];
  let head = null;
  const { writeHead, write, end, flushHeaders } = response;
  response.writeHead = function bufferedWriteHead(...args) {
    head = args;
    return this;
  };
  // Next sends the headers as its first chunk is written: here they wait for the whole body.
  response.flushHeaders = function heldHeaders() {};
  response.write = function bufferedWrite(chunk, encoding, callback) {
    if (chunk !== undefined && chunk !== null)
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined));
    if (typeof encoding === 'function') encoding();
    else if (typeof callback === 'function') callback();
    return true;
  };
  response.end = function compressedEnd(chunk, encoding, callback) {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null)
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined));
    response.writeHead = writeHead;
    response.write = write;
    response.end = end;
    response.flushHeaders = flushHeaders;
    if (head) {
      // Headers given to writeHead join those set before; the status is applied as Node would.
      const [status, ...rest] = head;
      response.statusCode = status;
      const given = rest.find((arg) => arg && typeof arg === 'object');
      if (given) for (const [name, value] of Object.entries(given)) response.setHeader(name, value);
    }
    const body = Buffer.concat(chunks);
    const type = String(response.getHeader('content-type') ?? '');
    const compressible = body.length > 0 && !response.getHeader('content-encoding') && type.startsWith('text/html');
    const sent = compressible ? gzipOf(body) : body;
    if (compressible) response.setHeader('content-encoding', 'gzip');
    const vary = String(response.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) response.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    response.setHeader('content-length', sent.length);
    return end.call(response, sent, callback);
  };
}

module.exports = { compressReadingPage, READING_PAGE };
