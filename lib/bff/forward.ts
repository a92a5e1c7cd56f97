import 'server-only';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { NextResponse, type NextRequest } from 'next/server';
import { contentPath, matchCall, type CallName, type MatchedCall } from '@/lib/contract';
import { isClientGone } from '@/lib/net/aborted';
import { upstreamIdentity, type UpstreamIdentity } from './auth';
import { bodyLimit, limitedStream, parseJson, readBody } from './body';
import { BffError, bffErrors, errorResponse } from './errors';
import { clientAddress, isHttps, siteOrigin } from './site';
import { clearSessionCookie } from './session';
import { callUpstream, readUpstreamBody, type UpstreamAnswer } from './upstream';

export const VISITOR_COOKIE = 'yj_vid';
const VISITOR_MAX_AGE = 365 * 24 * 3600;

/** Headers of the upstream's answer that never reach the browser. */
const droppedResponseHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-encoding',
  'content-length',
  'set-cookie',
]);

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves `/api/...` to exactly one contract call, or throws 404/405. Decoded segments may not
 * hold a slash or backslash or be empty, '.' or '..', so `%2f`, `..`, `//host` and friends
 * never match anything; the upstream path is then rebuilt from the contract, not from the input.
 */
export interface ResolvedCall {
  matched: MatchedCall;
  upstreamPath: string;
}

export function resolveCall(request: Request): ResolvedCall {
  const raw = new URL(request.url).pathname;
  if (!raw.startsWith('/api/')) throw bffErrors.notFound();
  const segments: string[] = [];
  for (const part of raw.slice('/api/'.length).split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      throw bffErrors.notFound();
    }
    if (decoded === '' || decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) throw bffErrors.notFound();
    segments.push(decoded);
  }
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const matched = matchCall(method, segments);
  if (!matched) {
    const other = method === 'GET' ? 'POST' : 'GET';
    throw matchCall(other, segments) ? bffErrors.methodNotAllowed() : bffErrors.notFound();
  }
  return { matched, upstreamPath: matched.content ? contentPath(matched.content) : matched.call.path };
}

/**
 * A state-changing request must come from the site's own pages: Sec-Fetch-Site same-origin, or
 * an Origin equal to the site's. Requests with neither (native apps, server-to-server) pass, and
 * so does "none", a navigation the user made (typed, a bookmark). `spends`: the request is a GET
 * that spends the caller's uses (a call the contract marks `spends`), checked as a write is: a
 * link, an image or an event stream on another site would otherwise spend them with the user's
 * cookies.
 */
export function checkSameOrigin(request: Request, spends = false): void {
  if (safeMethods.has(request.method) && !spends) return;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw bffErrors.crossSite();
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== siteOrigin(request)) throw bffErrors.crossSite();
}

/**
 * The fixed list of request headers the upstream gets. A visitor id made for this request (no
 * cookie came with it) is marked new: a browser has its cookie from the page's first call before
 * anyone clicks, so a metered call without one is a client that keeps no cookies, and the upstream
 * counts all of those behind an address as one visitor (upstream/metering/usage-ledger.ts).
 */
export function upstreamHeaders(
  request: NextRequest,
  identity: UpstreamIdentity,
  visitor: { id: string; isNew: boolean },
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-forwarded-for': clientAddress(request),
    'x-visitor-id': visitor.id,
  };
  if (visitor.isNew) headers['x-visitor-new'] = '1';
  for (const name of ['content-type', 'accept', 'accept-language']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  if (identity.authorization) headers.authorization = identity.authorization;
  if (identity.appCookie) headers['x-app-cookie'] = identity.appCookie;
  return headers;
}

export function visitorIdOf(request: NextRequest): { id: string; isNew: boolean } {
  const existing = request.cookies.get(VISITOR_COOKIE)?.value;
  if (existing && /^[\w-]{8,64}$/.test(existing)) return { id: existing, isNew: false };
  return { id: randomUUID(), isNew: true };
}

export function rememberVisitor(response: NextResponse, request: NextRequest, visitor: { id: string; isNew: boolean }): void {
  if (!visitor.isNew) return;
  response.cookies.set(VISITOR_COOKIE, visitor.id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    path: '/',
    maxAge: VISITOR_MAX_AGE,
  });
}

/** Forwards one allow-listed call and relays the answer as a stream. */
export async function forwardCall(request: NextRequest, { matched, upstreamPath }: ResolvedCall): Promise<Response> {
  checkSameOrigin(request, 'spends' in matched.call && matched.call.spends === true);
  const identity = await upstreamIdentity(request);
  const visitor = visitorIdOf(request);
  const headers = upstreamHeaders(request, identity, visitor);
  const kind = matched.call.kind;
  const isGet = matched.call.method === 'GET';

  let body: Buffer | Readable | null = null;
  let exceeded = () => false;
  if (!isGet) {
    const limit = bodyLimit(request.headers.get('content-type'));
    if (kind === 'multipart') {
      const limited = limitedStream(request, limit);
      body = Readable.from(limited.stream);
      exceeded = limited.exceeded;
    } else {
      body = await readBody(request, limit);
      if (body.length > 0 && isJsonType(headers['content-type'])) parseJson(body);
    }
  }

  let answer: UpstreamAnswer;
  try {
    answer = await callUpstream({
      method: matched.call.method,
      path: upstreamPath,
      search: isGet ? new URL(request.url).search : '',
      headers,
      body,
      signal: request.signal,
      streaming: kind === 'sse',
    });
  } catch (error) {
    if (exceeded()) throw bffErrors.tooLarge(bodyLimit('multipart/'));
    throw error;
  }

  const response =
    kind === 'json'
      ? await relayJsonAnswer(answer, request.signal, serverOnly[matched.call.name as CallName])
      : relayAnswer(answer, kind === 'sse');
  rememberVisitor(response, request, visitor);
  // The upstream no longer knows the session's token (expired or revoked): end the session.
  if (answer.statusCode === 401 && identity.session) clearSessionCookie(response, isHttps(request));
  return response;
}

/** Streams an answer through: binary audio, event streams, uploads' answers. */
export function relayAnswer(answer: UpstreamAnswer, eventStream: boolean): NextResponse {
  const headers = relayedHeaders(answer);
  if (eventStream) {
    headers.set('cache-control', 'no-cache, no-transform');
    headers.set('x-accel-buffering', 'no');
  }
  const stream = Readable.toWeb(answer.body) as ReadableStream<Uint8Array>;
  return new NextResponse(stream, { status: answer.statusCode, headers });
}

/**
 * Parts of upstream answers that stay on the server because no screen needs them: the user's
 * API token (a credential for the upstream's own API) is not the page's business.
 */
const serverOnly: Partial<Record<CallName, (body: Record<string, unknown>) => void>> = {
  get_user_info: (body) => {
    const data = body.data;
    if (data && typeof data === 'object') delete (data as Record<string, unknown>).api_token;
  },
};

/**
 * JSON answers are small: reading them whole is cheaper than bridging a Node stream into a web
 * stream for every call (see bench/). `redact`, when given, takes out what stays on the server.
 */
async function relayJsonAnswer(
  answer: UpstreamAnswer,
  signal: AbortSignal,
  redact?: (body: Record<string, unknown>) => void,
): Promise<NextResponse> {
  const headers = relayedHeaders(answer);
  const bytes = await readUpstreamBody(answer, signal);
  if (!redact) return new NextResponse(bytes, { status: answer.statusCode, headers });
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw bffErrors.badUpstream();
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) redact(body as Record<string, unknown>);
  return new NextResponse(JSON.stringify(body), { status: answer.statusCode, headers });
}

function relayedHeaders(answer: UpstreamAnswer): Headers {
  if (answer.statusCode >= 300 && answer.statusCode < 400) {
    answer.body.destroy();
    throw bffErrors.badUpstream();
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || droppedResponseHeaders.has(name.toLowerCase())) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function isJsonType(contentType: string | undefined): boolean {
  return !!contentType && /^application\/(.+\+)?json\b/i.test(contentType);
}

/**
 * Turns whatever a handler threw into the catalogue's JSON answer; the server keeps running. A
 * browser that went away mid-request (its body cut off, its connection reset) is not a fault of
 * ours: nobody is left to read an answer, and nothing is logged.
 */
export function answerError(error: unknown, request?: Request): Response {
  if (error instanceof BffError) {
    return errorResponse(error);
  }
  if (request?.signal.aborted || isClientGone(error)) {
    return new Response(null, { status: 499 });
  }
  console.error('[bff] unexpected error', error);
  return errorResponse(new BffError(500, '服务器错误'));
}
