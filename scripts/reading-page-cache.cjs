// The reading pages are rendered once and served whole from Next's cache to every reader
// (app/(reading)/layout.tsx). Serving such a page still costs Next about 1.5 ms of the one thread
// (routing, the proxy, the ETag hashed over the whole HTML, the string turned into bytes), and it
// would gzip the same HTML again for every request. Here, for those pages only:
//
// - The gzipped bytes are kept beside the page: Next is asked for the plain page (the request's
//   Accept-Encoding is taken away), and the answer is compressed once per distinct body (keyed by
//   its SHA-1) and served from memory afterwards.
// - The whole answer (status, Next's headers, the gzipped body) is kept for one second, and a
//   plain request for the same page within that second is answered from it without Next
//   (microcaching, as nginx operators do in front of an application). Under load this is what
//   keeps the slowest answers short: a busy page is rendered from Next's cache once a second
//   rather than hundreds of times. The second is the most a reader can be behind Next's cache;
//   a document the content import expires (POST /api/revalidate_documents) is forgotten here at
//   once too (`forgetKeptAnswers`, called by the guard when that request succeeds).
//
// Loaded by scripts/request-guard.cjs, which calls `serveReadingPage` for every request it let
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

/** How long a whole answer is served from memory without asking Next. */
const KEEP_ANSWER_MS = 1000;
/** Kept answers at most; expired ones are swept first when the count reaches it. */
const MAX_KEPT_ANSWERS = 512;
/**
 * Headers that belong to one answer, not to the page: the connection's, the body's length (set
 * again), and the security headers, which the guard sets for each request before this runs.
 */
const NOT_KEPT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
  'set-cookie',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'strict-transport-security',
]);

const cache = new Map();
let cachedBytes = 0;
/** pathname → { status, headers, body, expires } */
const answers = new Map();

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

/** Whether the answer may be given to every reader of the path for a second. */
function keepable(response, status) {
  if (status !== 200 || response.getHeader('set-cookie') !== undefined) return false;
  return !/\b(private|no-store)\b/i.test(String(response.getHeader('cache-control') ?? ''));
}

function keepAnswer(pathname, status, response, body) {
  if (answers.size >= MAX_KEPT_ANSWERS) {
    const now = Date.now();
    for (const [path, kept] of answers) if (kept.expires <= now) answers.delete(path);
    if (answers.size >= MAX_KEPT_ANSWERS) answers.delete(answers.keys().next().value);
  }
  const headers = Object.entries(response.getHeaders()).filter(([name]) => !NOT_KEPT.has(name));
  answers.set(pathname, { status, headers, body, expires: Date.now() + KEEP_ANSWER_MS });
}

/** Answers from a kept answer when there is a fresh one; whether it did. */
function answerFromMemory(pathname, response) {
  const kept = answers.get(pathname);
  if (!kept) return false;
  if (kept.expires <= Date.now()) {
    answers.delete(pathname);
    return false;
  }
  for (const [name, value] of kept.headers) if (!response.hasHeader(name)) response.setHeader(name, value);
  response.setHeader('content-length', kept.body.length);
  response.statusCode = kept.status;
  response.end(kept.body);
  return true;
}

/** Forgets every kept answer: the documents behind some reading pages have changed. */
function forgetKeptAnswers() {
  answers.clear();
}

/**
 * For a GET of a reading page's HTML by a client that takes gzip: answers from memory when the
 * same page was answered less than a second ago (a plain request: no query, not conditional) and
 * returns true; otherwise takes the request's Accept-Encoding away and wraps the response so that
 * the plain answer Next writes is sent gzipped, from the kept bytes when the body is one seen
 * before, and returns false. Leaves any other request alone (false).
 */
function serveReadingPage(request, response) {
  if (request.method !== 'GET') return false;
  const headers = request.headers;
  if (!/\bgzip\b/i.test(String(headers['accept-encoding'] ?? ''))) return false;
  // Client-side navigations ask for the page's RSC payload, not its HTML: Next's own path.
  if (headers.rsc !== undefined) return false;
  const target = String(request.url ?? '');
  const query = target.indexOf('?');
  const pathname = query === -1 ? target : target.slice(0, query);
  if (!READING_PAGE.test(pathname)) return false;
  // A query (share_account, a WeChat code) may change what the proxy does, and a conditional or
  // ranged request wants more than the page: those always go to Next.
  const plain =
    query === -1 &&
    headers['if-none-match'] === undefined &&
    headers['if-modified-since'] === undefined &&
    headers.range === undefined;
  if (plain && answerFromMemory(pathname, response)) return true;
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
    const status = response.statusCode;
    if (plain && compressible && sent.length <= MAX_ENTRY_BYTES && keepable(response, status))
      keepAnswer(pathname, status, response, sent);
    return end.call(response, sent, callback);
  };
  return false;
}

module.exports = { serveReadingPage, forgetKeptAnswers, READING_PAGE, KEEP_ANSWER_MS };
