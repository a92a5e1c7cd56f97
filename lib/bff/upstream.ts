import 'server-only';
import type { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';
import { bffConfig } from './config';
import { bffErrors, BffError } from './errors';

/**
 * The one way the server talks to the upstream: undici's request() on a keep-alive agent
 * (measurably cheaper than fetch, see bench/), redirects never followed, bounded by the
 * configured timeout.
 *
 * An idle connection is closed after at most 4 s, whatever the upstream's Keep-Alive header
 * offers: the side that closes an idle connection must be the client, or a request written just
 * as the server closes it is lost (the embedded upstream keeps them 65 s; nginx and most servers
 * 60–75 s).
 */
const agent = new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000, connections: 256 });
/**
 * Event streams hold their connection for as long as the answer lasts (a model's reply: tens of
 * seconds). Under the short calls' cap, the 257th learner's stream would wait for another's to
 * end before its first event. Each relayed stream stands for one open browser connection, so
 * these are as many as the site's own open requests, and need no cap of their own.
 */
const streamAgent = new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000 });

export interface UpstreamCall {
  method: 'GET' | 'POST';
  /** A path from the contract, e.g. '/api/get_user_info'. Never user input. */
  path: string;
  search?: string;
  headers: Record<string, string>;
  body?: Buffer | Readable | null;
  signal?: AbortSignal;
  /** Event streams may stay quiet for long; only the wait for headers is bounded then. */
  streaming?: boolean;
}

export type UpstreamAnswer = Dispatcher.ResponseData;

export function upstreamUrl(path: string, search = ''): URL {
  const base = bffConfig().upstreamUrl;
  const url = new URL(base.pathname.replace(/\/$/, '') + path + search, base.origin);
  // The path comes from the allow-list, but check anyway: nothing leaves for another origin.
  if (url.origin !== base.origin) throw bffErrors.notFound();
  return url;
}

export async function callUpstream(call: UpstreamCall): Promise<UpstreamAnswer> {
  const timeout = bffConfig().upstreamTimeoutMs;
  const send = () =>
    request(upstreamUrl(call.path, call.search), {
      method: call.method,
      headers: call.headers,
      body: call.body ?? null,
      signal: call.signal,
      dispatcher: call.streaming ? streamAgent : agent,
      headersTimeout: timeout,
      bodyTimeout: call.streaming ? 0 : timeout,
    });
  try {
    return await send();
  } catch (error) {
    // A read (GET: no body, no effect) that met a connection dropped under it is sent once more,
    // on a new connection; anything that may have changed state upstream is not.
    if (call.method === 'GET' && isDroppedConnection(error) && !call.signal?.aborted) {
      try {
        return await send();
      } catch (again) {
        throw upstreamFailure(again, call.signal);
      }
    }
    throw upstreamFailure(error, call.signal);
  }
}

function isDroppedConnection(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * Reads a whole answer body. A body that stalls is a timeout (504); one cut off mid-way is an
 * unreachable upstream (502), like a failed connection.
 */
export async function readUpstreamBody(answer: UpstreamAnswer, signal?: AbortSignal): Promise<ArrayBuffer> {
  try {
    return await answer.body.arrayBuffer();
  } catch (error) {
    throw upstreamFailure(error, signal);
  }
}

/** Reads a JSON answer of the upstream; a non-JSON answer is a bad upstream. */
export async function readUpstreamJson(answer: UpstreamAnswer): Promise<Record<string, unknown>> {
  const text = Buffer.from(await readUpstreamBody(answer)).toString('utf8');
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON: fall through
  }
  throw bffErrors.badUpstream();
}

function upstreamFailure(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof BffError) return error;
  // The browser went away: nobody is left to answer, let the caller see the abort.
  if (signal?.aborted) return error;
  if (isTimeout(error)) return bffErrors.timeout();
  return bffErrors.unreachable();
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}
