import 'server-only';
import { calls, okStatus, type CallName, type CallRequest, type CallResponse, type Calls } from '@/lib/contract';
import { BffError, bffErrors } from './errors';
import { callUpstream, readUpstreamJson } from './upstream';

/**
 * The typed way for server code (server components, route handlers, the login exchange) to call
 * the upstream: the request is built from the contract, the answer is checked against the
 * call's response schema, every failure is the BFF's one error type, and answers that are the
 * same for everybody may be kept for a while in this process.
 *
 * The browser's own calls do not come through here: the proxy (forward.ts) relays those as
 * streams, without reading them.
 */

/** Calls that answer JSON: audio bytes and event streams are relayed to the browser, never read here. */
export type ReadableCall = { [N in CallName]: Calls[N]['kind'] extends 'json' ? N : never }[CallName];

/** Who the upstream sees (see auth.ts): the Authorization to send and, in the app mode, the app's cookie. */
export interface ReadIdentity {
  authorization?: string;
  appCookie?: string;
}

export interface CachePolicy {
  /** How long an answer serves every reader in this process. */
  ttlMs: number;
  /** How long a failure does, so that an unreachable upstream is not asked on every render. */
  failureTtlMs?: number;
}

export interface ReadOptions<N extends ReadableCall, T> {
  /** Reads for a user; without it the upstream sees an anonymous server. */
  identity?: ReadIdentity;
  /** The headers that say for which browser the read is made (address, visitor, language: see `upstreamHeaders`). */
  headers?: Record<string, string>;
  /** The caller's signal: a browser that went away stops the read (and nothing is cached). */
  signal?: AbortSignal;
  /** A bound tighter than the upstream timeout, for reads a page waits for. Passing it is a timeout (504). */
  timeoutMs?: number;
  /**
   * Keep the result in this process. Only for answers that are the same for everybody: a read
   * with an identity or browser headers is never cached.
   */
  cache?: CachePolicy;
  /**
   * Turns the checked answer into what the caller keeps (and the cache holds). A BffError thrown
   * here is a failure like any other.
   */
  reshape?: (answer: CallResponse<N>) => T;
}

/**
 * Reads one JSON call of the upstream. Answers the call's response, checked against the
 * contract (or what `reshape` makes of it). Throws a BffError when the upstream cannot be
 * reached or is too slow (502, 504), answers something that is not the contract's (502), or
 * refuses (its own status and answer, see `bffErrors.refused`). A read whose caller went away
 * rejects with the caller's abort.
 */
export async function readUpstream<N extends ReadableCall, T = CallResponse<N>>(
  name: N,
  input: CallRequest<N>,
  options: ReadOptions<N, T> = {},
): Promise<T> {
  const reshape = options.reshape ?? ((answer: CallResponse<N>) => answer as unknown as T);
  const read = async () => reshape(await fetchAnswer(name, input, options));
  if (!options.cache) return read();
  if (options.identity || options.headers) {
    throw new Error(`readUpstream(${name}): an answer for one user or browser is never cached`);
  }
  return cached(`${name} ${JSON.stringify(input ?? {})}`, options.cache, read);
}

async function fetchAnswer<N extends ReadableCall>(
  name: N,
  input: CallRequest<N>,
  { identity, headers, signal, timeoutMs }: ReadOptions<N, unknown>,
): Promise<CallResponse<N>> {
  const call = calls[name];
  if (call.kind !== 'json') throw new Error(`readUpstream(${name}): a ${call.kind} call is relayed, not read`);
  const deadline = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  const signals = [signal, deadline].filter((s): s is AbortSignal => s !== undefined);
  const isGet = call.method === 'GET';
  const sent: Record<string, string> = { ...headers, accept: 'application/json' };
  if (!isGet) sent['content-type'] = 'application/json';
  if (identity?.authorization) sent.authorization = identity.authorization;
  if (identity?.appCookie) sent['x-app-cookie'] = identity.appCookie;

  let status: number;
  let json: Record<string, unknown>;
  try {
    const answer = await callUpstream({
      method: call.method,
      path: call.path,
      search: isGet ? queryOf(input) : '',
      headers: sent,
      body: isGet ? null : Buffer.from(JSON.stringify(input ?? {})),
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    });
    status = answer.statusCode;
    // Redirects are never followed (upstream.ts), nor passed on: a read has nowhere to send them.
    if (status >= 300 && status < 400) {
      // Read off and dropped (destroying it would raise an error nobody listens to).
      await answer.body.dump().catch(() => {});
      throw bffErrors.badUpstream();
    }
    json = await readUpstreamJson(answer);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (deadline?.aborted) throw bffErrors.timeout();
    throw error instanceof BffError ? error : bffErrors.unreachable();
  }

  if (status !== 200 || (json.status !== undefined && String(json.status) !== okStatus)) {
    throw bffErrors.refused(status, json);
  }
  const parsed = call.response.safeParse(json);
  if (!parsed.success) {
    console.warn(`[bff] ${name}: the upstream's answer is not the contract's:`, parsed.error.issues[0]?.message);
    throw bffErrors.badUpstream();
  }
  return parsed.data as CallResponse<N>;
}

/** GET calls carry their input as query parameters; absent fields are left out. */
function queryOf(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

// ---- the per-process cache ----------------------------------------------------------------------

type Entry = { until: number } & ({ value: unknown } | { error: BffError });

/** Enough for the reads of every page that caches; the oldest entry goes first past it. */
const MAX_ENTRIES = 1_000;
const entries = new Map<string, Entry>();

async function cached<T>(key: string, policy: CachePolicy, read: () => Promise<T>): Promise<T> {
  const entry = entries.get(key);
  if (entry && entry.until > Date.now()) {
    if ('error' in entry) throw entry.error;
    return entry.value as T;
  }
  try {
    const value = await read();
    remember(key, { value, until: Date.now() + policy.ttlMs });
    return value;
  } catch (error) {
    // Only the upstream's failures are remembered; a caller that went away says nothing about it.
    if (error instanceof BffError && policy.failureTtlMs) {
      remember(key, { error, until: Date.now() + policy.failureTtlMs });
    } else {
      entries.delete(key);
    }
    throw error;
  }
}

function remember(key: string, entry: Entry): void {
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, entry);
}

/** Forgets every cached answer (tests; an operator's reload). */
export function clearReadCache(): void {
  entries.clear();
}

/** The data a read needs from the answer: an OK answer without it is the upstream's fault. */
export function dataOf<T>(answer: { data?: T | null }): T {
  if (answer.data === undefined || answer.data === null) throw bffErrors.badUpstream();
  return answer.data;
}
