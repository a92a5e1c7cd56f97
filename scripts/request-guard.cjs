// Preloaded into the Next server (`node --require scripts/request-guard.cjs`) by scripts/serve.mjs
// and the test harness. It looks at every request before Next does, for what Next cannot be
// trusted with:
//
// - The client's address. Next only fills X-Forwarded-For when the request has none, so a client
//   could name any address it likes and the free-use quota, which counts anonymous visitors by
//   address, would be void. The header is replaced by the one address that can be trusted: the
//   socket peer, or, behind TRUST_PROXY_HOPS proxies (nginx: 1), the address the outermost
//   trusted proxy saw.
// - The scheme and host the browser used (X-Forwarded-Proto, -Host, -Port, Forwarded). They decide
//   cookie security, the same-origin check and redirect targets when SITE_URL is not set, so they
//   count only when a trusted proxy wrote them; otherwise they are dropped and Next falls back to
//   the Host header and the socket.
// - Requests Next answers with a bare 500 or would spend work on: methods it has no handler for
//   (TRACE, CONNECT, WebDAV's), writes to pages (there are no server actions), request targets
//   that are not a path (`OPTIONS *`, `GET http://…`), and the router's own headers (`rsc`,
//   `next-router-state-tree`) sent to the API or garbled, which crash the render path. These get
//   the error catalogue's JSON here (405, 400), or the headers are dropped.
// - The reading pages, answered from memory for a second after Next has served one
//   (./reading-page-cache.cjs).
// - The browser-facing security headers (CSP, framing, nosniff, referrer, HSTS over https) of
//   every answer, its own refusals included (./security-headers.cjs).
'use strict';
const http = require('node:http');
const { forgetKeptAnswers, serveReadingPage } = require('./reading-page-cache.cjs');
const { applySecurityHeaders, dataHeaders } = require('./security-headers.cjs');

const hops = Math.max(0, Number.parseInt(process.env.TRUST_PROXY_HOPS ?? '0', 10) || 0);

/** What the site answers at all; Node's parser already refuses made-up methods with 400. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOW = 'GET, HEAD, POST, OPTIONS';
const ALLOW_READS = 'GET, HEAD, OPTIONS';
/**
 * Only the BFF and the WeChat sandbox take writes. Pages have no server actions, so a POST to a
 * page is never ours; left to Next, it reads and parses the body as an action's (and logs every
 * one that is cut off or names no action).
 */
const writable = (pathname) => pathname.startsWith('/api/') || pathname.startsWith('/sandbox/');

// Next's own check of the router state header, where the build has it; a rough one otherwise.
let parseRouterState = null;
try {
  parseRouterState =
    require('next/dist/server/app-render/parse-and-validate-flight-router-state.js').parseAndValidateFlightRouterState;
} catch {
  // a standalone build without the file
}
function routerStateIsValid(value) {
  try {
    if (parseRouterState) return parseRouterState(value) !== undefined;
    return Array.isArray(JSON.parse(decodeURIComponent(value)));
  } catch {
    return false;
  }
}
/** Headers by which the App Router talks to itself; meaningless on /api/*. */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
];
const FORWARDED_HEADERS = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'];

const listOf = (value) =>
  String(value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The entry of a comma-separated forwarding header that the outermost trusted proxy wrote. */
function trustedEntry(entries) {
  return entries[Math.max(0, entries.length - hops)];
}

/**
 * Rewrites the request's headers in place and answers whether Next may see it:
 * null, or the refusal to send instead ({status, headers, body}).
 */
function screen(request) {
  const headers = request.headers;
  const chain = [...listOf(headers['x-forwarded-for']), request.socket?.remoteAddress ?? ''];
  // Each trusted proxy appended the address it was connected from; count back that many.
  const client = chain[Math.max(0, chain.length - 1 - hops)] || 'unknown';
  headers['x-forwarded-for'] = client.replace(/^::ffff:/, '');
  delete headers['x-real-ip'];
  delete headers.forwarded;
  for (const name of FORWARDED_HEADERS) {
    const entry = hops > 0 ? trustedEntry(listOf(headers[name])) : undefined;
    if (entry) headers[name] = entry;
    else delete headers[name];
  }

  const method = String(request.method ?? '').toUpperCase();
  const target = String(request.url ?? '');
  if (target === '*' && method === 'OPTIONS') return { status: 204, headers: { allow: ALLOW } };
  if (!target.startsWith('/')) {
    const path = originForm(target);
    if (path === null) return refusal(400, '请求地址无效');
    request.url = path;
  }
  if (!METHODS.has(method)) return refusal(405, '不支持的请求方法', { allow: ALLOW });
  // The path as Next will route it, dot segments (also encoded ones) resolved.
  let pathname;
  try {
    pathname = new URL(request.url, 'http://site.invalid').pathname;
    // A path whose percent-encoding does not decode (`/%`, `/%c0%af`) is no address of the
    // site; Next's router fails on it with a bare 500.
    decodeURIComponent(pathname);
  } catch {
    return refusal(400, '请求地址无效');
  }
  // OPTIONS on a page or a file: nothing of the site is for another origin to ask about, and Next
  // answers it variously (400 for a page, a bare 500 for the favicon). The API answers its own.
  if (method === 'OPTIONS' && !pathname.startsWith('/api/')) {
    return { status: 204, headers: { allow: writable(pathname) ? ALLOW : ALLOW_READS } };
  }
  if (!READS.has(method) && !writable(pathname)) return refusal(405, '不支持的请求方法', { allow: ALLOW_READS });
  // There are no server actions: nothing may ask Next to look for one.
  delete headers['next-action'];
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    for (const name of ROUTER_HEADERS) delete headers[name];
  } else if (headers['next-router-state-tree'] !== undefined && !routerStateIsValid(headers['next-router-state-tree'])) {
    // A garbled tree is read as none (a fresh render), not as Next's 500.
    delete headers['next-router-state-tree'];
  }
  return null;
}

/** `http://host/x?y` (absolute form, which HTTP/1.1 servers must accept) → `/x?y`; else null. */
function originForm(target) {
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

function refusal(status, description, extra = {}) {
  const body = JSON.stringify({ status: String(status), description });
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...extra }, body };
}

// The connection stays open: the request's body, if any, is read and dropped (request.resume()),
// so that a client still sending it gets this answer rather than a reset.
function answer(response, { status, headers, body }) {
  response.writeHead(status, { ...headers, 'cache-control': 'no-store' });
  response.end(body);
}

/**
 * What Node's parser refused (a malformed request line or header, a header block too large, a
 * request too slow) gets the same JSON as everything else, with the status Node would give.
 */
function refuseUnparsable(error, socket) {
  const status = error?.code === 'HPE_HEADER_OVERFLOW' ? 431 : error?.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const refused = refusal(status, status === 431 ? '请求头过大' : status === 408 ? '请求超时' : '请求格式无效');
    // The answer to a HEAD has no body, however malformed the rest of the request was.
    const isHead = Buffer.isBuffer(error?.rawPacket) && error.rawPacket.toString('latin1', 0, 5) === 'HEAD ';
    const body = isHead ? '' : refused.body;
    const headers = refused.headers;
    const head = Object.entries({
      ...dataHeaders(),
      ...headers,
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
  }
  socket.destroySoon?.();
}

const ignore = () => {};
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitScreened(event, ...args) {
  // 'request' and 'checkContinue' carry (request, response); 'clientError' carries (error, socket).
  const [request, response] = args;
  if ((event === 'request' || event === 'checkContinue') && request && request.headers && response) {
    // A client that goes away mid-request makes its request emit `Error: aborted`; where nobody
    // reads the body (a refusal here, a page, a route that answers first) that error would be an
    // uncaught exception in the log. Whoever does read the body still hears it.
    request.on('error', ignore);
    const refused = screen(request);
    // After the screening, which leaves X-Forwarded-Proto only where a trusted proxy wrote it.
    applySecurityHeaders(request, response);
    if (refused) {
      answer(response, refused);
      request.resume();
      return true;
    }
    // The reading pages' gzip, and their whole answer for a second, are kept (./reading-page-cache.cjs).
    if (serveReadingPage(request, response)) {
      request.resume();
      return true;
    }
    // The content import expired some reading pages in Next's cache: not a second later here.
    if (request.method === 'POST' && String(request.url ?? '').split('?')[0] === '/api/revalidate_documents') {
      response.on('finish', () => {
        if (response.statusCode === 200) forgetKeptAnswers();
      });
    }
  }
  if (event === 'clientError' && response) {
    refuseUnparsable(request, response);
    return true;
  }
  return emit.call(this, event, ...args);
};
