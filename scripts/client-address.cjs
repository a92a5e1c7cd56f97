// Preloaded into the Next server (`node --require scripts/client-address.cjs`) by scripts/serve.mjs
// and the test harness.
//
// Next only fills X-Forwarded-For when the request has none, so a client could name any address
// it likes and the free-use quota, which counts anonymous visitors by address, would be void.
// Before Next sees a request, this replaces the header with the one address that can be trusted:
// the socket peer, or, behind TRUST_PROXY_HOPS proxies (nginx: 1), the address the outermost
// trusted proxy saw.
'use strict';
const http = require('node:http');

const hops = Math.max(0, Number.parseInt(process.env.TRUST_PROXY_HOPS ?? '0', 10) || 0);
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitWithClientAddress(event, request) {
  if (event === 'request' && request && request.headers) {
    const given = String(request.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chain = [...given, request.socket?.remoteAddress ?? ''];
    // Each trusted proxy appended the address it was connected from; count back that many.
    const client = chain[Math.max(0, chain.length - 1 - hops)] || 'unknown';
    request.headers['x-forwarded-for'] = client.replace(/^::ffff:/, '');
  }
  return emit.apply(this, arguments);
};
