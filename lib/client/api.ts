import type { CallName, CallRequest, CallResponse, Calls, PageLogin } from '@/lib/contract';
import type { CallOptions, RequestInit } from './api-core';

/**
 * The one way the browser calls the API (spec sections 7 and 8).
 *
 *     const page = await callData('query_history', { page: 1 }, signal);
 *
 * callData sends a call of the contract by name, checks the answer against the call's response
 * schema, then its business status, and answers the OK answer's data (`data`, or `result` for
 * the older calls). Everything else is raised as the one ApiError (lib/client/errors.ts), whose
 * `kind` says what happened: the request failed (network, timeout, an HTTP error: the catalogue's
 * message, with the spec's toasts), the answer was malformed, refused, a free-quota status (the
 * quota flow of lib/client/quota.ts has already run: /Login, /BuyVip or the centre dialog), or OK
 * without the data the call declares.
 *
 * This module stays light on purpose: ky, zod and the contract's schemas live in ./api-core,
 * fetched with the first call, so no page carries them in its first load.
 */
const core = () => import('./api-core');

/** The data of an OK answer to a call, as its response schema declares it. */
export type CallData<N extends CallName> = N extends LoginCall ? NonNullable<PageLogin['data']> : DataOf<N>;

type LoginCall = 'email_login' | 'sms_login' | 'password_login' | 'get_wechat_access_token' | 'bind_account';
type ShapeOf<S> = S extends { shape: infer T } ? T : Record<never, never>;
type DataField<N extends CallName> = 'data' extends keyof ShapeOf<Calls[N]['response']>
  ? 'data'
  : 'result' extends keyof ShapeOf<Calls[N]['response']>
    ? 'result'
    : never;
type DataOf<N extends CallName> = [DataField<N>] extends [never]
  ? unknown
  : Exclude<CallResponse<N>[DataField<N> & keyof CallResponse<N>], undefined>;

/**
 * Starts fetching the API core without waiting for it: for a screen that calls as soon as it
 * mounts, so that the download runs while the page hydrates instead of after it.
 */
export function preloadApiCore(): void {
  core().catch(() => {
    // The first call loads it again and reports the failure where it matters.
  });
}

/**
 * A call's answer read without the API core, for the questions every page asks as it loads (who
 * is logged in, which environment): the HTTP status, whether the business status is OK, and the
 * data of an OK answer (undefined for any other, or when it has none). What is unusual is the
 * caller's to send through callData or to do without.
 */
export async function askPlainly(
  name: 'get_user_info' | 'get_env_type',
): Promise<{ httpStatus: number; ok?: boolean; data?: unknown }> {
  const answer = await fetch(
    `/api/${name}`,
    name === 'get_env_type'
      ? { credentials: 'same-origin' }
      : { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' },
  );
  if (answer.status !== 200) return { httpStatus: answer.status };
  const body = (await answer.json().catch(() => null)) as { status?: unknown; data?: unknown } | null;
  const ok = body?.status === 'OK';
  return { httpStatus: 200, ok, data: ok ? body?.data : undefined };
}

export function callData<N extends CallName>(
  name: N,
  body?: CallRequest<N>,
  signal?: AbortSignal,
  options?: CallOptions,
): Promise<CallData<N>> {
  return core().then((c) => c.callData(name, body, signal, options) as Promise<CallData<N>>);
}

/**
 * callData for a call whose data is not an object (query_word answers a list): its data, the
 * free uses left today that the answer carries beside it (null when not counted), and the whole
 * answer, checked, for what else it carries there (query_word's spelling suggestions).
 */
export function callDataCounted<N extends CallName>(
  name: N,
  body?: CallRequest<N>,
  signal?: AbortSignal,
): Promise<{ data: CallData<N>; freeUsesLeft: number | null; answer: CallResponse<N> }> {
  return core().then(
    (c) =>
      c.callDataCounted(name, body, signal) as Promise<{
        data: CallData<N>;
        freeUsesLeft: number | null;
        answer: CallResponse<N>;
      }>,
  );
}

/** A raw request to the same origin with the client's error rules (for what is not a contract call). */
export function request<T>(path: string, init: RequestInit): Promise<T> {
  return core().then((c) => c.request<T>(path, init));
}

export type { CallOptions, RequestInit };
