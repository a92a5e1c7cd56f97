import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import type { CallName, CallRequest, CallResponse } from '@/lib/contract';
import { calls } from '@/lib/contract';
import { ApiError } from './errors';
import { toast } from './toast';

/** Spec section 9: the client's request timeout. */
export const REQUEST_TIMEOUT_MS = 1_000_000;
const SILENT_PREFIX = '/api/bi-provider';

/**
 * The one HTTP client of the browser. HTTP 200 is success (the business status is the caller's
 * to read); 401 rejects with the answer's data; every other status rejects. Network failures
 * show a red toast (not for /api/bi-provider); timeouts and gateway failures (502-504) always do.
 */
const http: KyInstance = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  credentials: 'same-origin',
  throwHttpErrors: true,
});

interface RequestInit {
  method: 'GET' | 'POST';
  json?: unknown;
  searchParams?: Record<string, string>;
  body?: FormData;
  signal?: AbortSignal;
}

export async function request<T>(path: string, init: RequestInit): Promise<T> {
  try {
    return await http(path, init).json<T>();
  } catch (error) {
    throw await toApiError(error, path);
  }
}

/** Calls one JSON call of the contract by name. */
export function callApi<N extends CallName>(name: N, body?: CallRequest<N>, signal?: AbortSignal): Promise<CallResponse<N>> {
  const call = calls[name];
  if (call.method === 'GET') {
    const searchParams = Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)]));
    return request(call.path, { method: 'GET', searchParams, signal });
  }
  return request(call.path, { method: 'POST', json: body ?? {}, signal });
}

async function toApiError(error: unknown, path: string): Promise<ApiError> {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const data: unknown = await error.response.json().catch(() => null);
    const apiError = ApiError.fromAnswer(status, data);
    if (status >= 502 && status <= 504) toast.error(apiError.message);
    return apiError;
  }
  if (error instanceof TimeoutError) {
    const apiError = new ApiError('请求超时，请稍后再试', null, null, null);
    toast.error(apiError.message);
    return apiError;
  }
  if (error instanceof Error && error.name === 'AbortError') return new ApiError(error.message, null, null, null);
  const apiError = new ApiError(error instanceof Error ? `网络错误：${error.message}` : '网络错误', null, null, null);
  if (!path.startsWith(SILENT_PREFIX)) toast.error(apiError.message);
  return apiError;
}
