import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import type { z } from 'zod';
import { calls, okStatus, pageLogin, type CallName } from '@/lib/contract';
import { ApiError, invalidAnswerMessage } from './errors';
import { handleQuotaStatus } from './quota';
import { toast } from './toast';

/**
 * The heavy half of lib/client/api.ts: ky, the contract (zod and every call's schemas) and the
 * quota flows. api.ts loads this module on the first call, so that a page pays for it only once
 * it talks to the API, never in its first load.
 */

/** Spec section 9: the client's request timeout. */
export const REQUEST_TIMEOUT_MS = 1_000_000;
const SILENT_PREFIX = '/api/bi-provider';

/**
 * The one HTTP client of the browser. HTTP 200 is success (the business status is read by
 * readAnswer); 401 rejects with the answer's data; every other status rejects. Network failures
 * show a red toast (not for /api/bi-provider); timeouts and gateway failures (502-504) always do.
 */
const http: KyInstance = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  credentials: 'same-origin',
  throwHttpErrors: true,
});

export interface RequestInit {
  method: 'GET' | 'POST';
  json?: unknown;
  searchParams?: Record<string, string>;
  body?: FormData;
  signal?: AbortSignal;
  /**
   * No toast whatever happens: for a caller that repeats the request and ignores its failures
   * (the payment poll of spec section 4), where a toast every two seconds would say nothing.
   */
  quiet?: boolean;
}

export async function request<T>(path: string, { quiet, ...init }: RequestInit): Promise<T> {
  try {
    return await http(path, init).json<T>();
  } catch (error) {
    throw await toApiError(error, path, quiet ? () => {} : toast.error);
  }
}

/**
 * The login calls (and bind_account, a login to the account joined) are answered by the BFF,
 * which keeps the upstream's token in the session and gives the page the user instead
 * (lib/bff/login.ts): their answer is `pageLogin`.
 */
const answeredByTheBff: Partial<Record<CallName, z.ZodType>> = {
  email_login: pageLogin,
  sms_login: pageLogin,
  password_login: pageLogin,
  get_wechat_access_token: pageLogin,
  bind_account: pageLogin,
};

/** The schema the browser checks a call's answer against. */
export const answerSchemaOf = (name: CallName): z.ZodType => answeredByTheBff[name] ?? calls[name].response;

export interface CallOptions {
  /** See RequestInit.quiet. */
  quiet?: boolean;
}

export async function callData(
  name: CallName,
  body: unknown,
  signal: AbortSignal | undefined,
  options: CallOptions = {},
): Promise<unknown> {
  return readAnswer(answerSchemaOf(name), await send(name, body, signal, options));
}

/**
 * callData, and the free uses of the call's feature left today when the answer says (a metered
 * call's `free_uses_left`, beside its data; null when not counted, as for a member).
 */
export async function callDataCounted(
  name: CallName,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<{ data: unknown; freeUsesLeft: number | null; answer: unknown }> {
  const answer = await send(name, body, signal, {});
  const data = readAnswer(answerSchemaOf(name), answer);
  const left = (answer as { free_uses_left?: unknown }).free_uses_left;
  return { data, freeUsesLeft: typeof left === 'number' ? left : null, answer };
}

async function send(name: CallName, body: unknown, signal: AbortSignal | undefined, { quiet }: CallOptions): Promise<unknown> {
  const call = calls[name];
  if (call.kind !== 'json') throw new TypeError(`${name} is a ${call.kind} call; callData reads JSON answers only`);
  return call.method === 'GET'
    ? request<unknown>(call.path, {
        method: 'GET',
        searchParams: Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])),
        signal,
        quiet,
      })
    : request<unknown>(call.path, { method: 'POST', json: body ?? {}, signal, quiet });
}

/**
 * An answer as the product reads it: checked against its schema, then its business status; an
 * OK answer gives its `data` (or `result`, for the older calls the spec reads that way). Anything
 * else is raised as an ApiError of the catalogue; a quota status runs the quota flow first.
 */
export function readAnswer(schema: z.ZodType, answer: unknown): unknown {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    const status = (answer as { status?: unknown } | null)?.status;
    return raise(new ApiError(invalidAnswerMessage, 200, status == null ? null : String(status), answer, 'invalid'));
  }
  const body = parsed.data as { status?: unknown; data?: unknown; result?: unknown };
  // A call whose schema lets the status out (annotate_data) answers OK by leaving it out.
  if (body.status !== undefined && String(body.status) !== okStatus) {
    const quota = handleQuotaStatus(String(body.status));
    return raise(ApiError.fromAnswer(200, answer, quota ? 'quota' : 'refused'));
  }
  const field = dataFieldOf(schema);
  const data = field ? body[field] : undefined;
  if (data === undefined && field && declaresData(schema, field)) return raise(ApiError.fromAnswer(200, answer, 'empty'));
  return data;
}

const raise = (error: ApiError): never => {
  throw error;
};

type Shape = Record<string, z.ZodType & { unwrap?: () => z.ZodType }>;
const shapeOf = (schema: z.ZodType): Shape | undefined => (schema as unknown as { shape?: Shape }).shape;

function dataFieldOf(schema: z.ZodType): 'data' | 'result' | null {
  const shape = shapeOf(schema);
  if (shape?.data) return 'data';
  if (shape?.result) return 'result';
  return null;
}

/**
 * Whether the call declares what its data holds, so that an OK answer without it is an error.
 * A call still declared with "any data" (the envelope's anyData) may answer OK with none.
 */
function declaresData(schema: z.ZodType, field: 'data' | 'result'): boolean {
  const declared = shapeOf(schema)![field];
  const inner = declared.unwrap?.() ?? declared;
  return !inner.safeParse(undefined).success;
}

async function toApiError(error: unknown, path: string, show: (message: string) => void): Promise<ApiError> {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const data: unknown = await error.response.json().catch(() => null);
    const apiError = ApiError.fromAnswer(status, data, 'http');
    if (status >= 502 && status <= 504) show(apiError.message);
    return apiError;
  }
  if (error instanceof TimeoutError) {
    const apiError = new ApiError('请求超时，请稍后再试', null, null, null, 'timeout');
    show(apiError.message);
    return apiError;
  }
  if (error instanceof Error && error.name === 'AbortError') return new ApiError(error.message, null, null, null, 'aborted');
  const apiError = new ApiError(error instanceof Error ? `网络错误：${error.message}` : '网络错误', null, null, null, 'network');
  if (!path.startsWith(SILENT_PREFIX)) show(apiError.message);
  return apiError;
}
