import type { ErrorBody } from '@/lib/contract';

/**
 * The one error type of the BFF. Its JSON body `{status, description}` is what the browser
 * client maps to the spec's error catalogue (spec section 8).
 */
export class BffError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly description: string,
    readonly status: string = String(httpStatus),
    /**
     * When the error is the upstream's own refusal (a wrong login code, a used-up quota): its
     * answer, which the browser gets as it came, with every field the upstream sent.
     */
    readonly upstreamAnswer?: Readonly<Record<string, unknown>>,
  ) {
    super(description);
    this.name = 'BffError';
  }

  body(): ErrorBody {
    return { status: this.status, description: this.description };
  }
}

export const bffErrors = {
  notFound: () => new BffError(404, '访问资源不存在'),
  methodNotAllowed: () => new BffError(405, '不支持的请求方法'),
  crossSite: () => new BffError(403, '没有权限进行此操作：跨站请求被拒绝'),
  tooLarge: (limit: number) => new BffError(413, `请求内容过大（上限 ${Math.round(limit / 1024 / 1024)} MB）`),
  badJson: () => new BffError(400, '请求内容不是合法的 JSON'),
  unreachable: () => new BffError(502, '服务暂时不可用，请稍后再试'),
  timeout: () => new BffError(504, '服务响应超时，请稍后再试'),
  badUpstream: () => new BffError(502, '服务返回了无法识别的响应'),
  /**
   * The upstream answered, and refused: an error status, or a business status other than OK in
   * a 200 answer, which counts as a refused request (400).
   */
  refused: (httpStatus: number, answer: Record<string, unknown>) =>
    new BffError(
      httpStatus === 200 ? 400 : httpStatus,
      typeof answer.description === 'string' && answer.description ? answer.description : '请求未成功',
      answer.status === undefined || answer.status === null ? String(httpStatus) : String(answer.status),
      answer,
    ),
};

export function errorResponse(error: BffError): Response {
  return Response.json(error.upstreamAnswer ?? error.body(), { status: error.httpStatus });
}

/** The upstream could not be read (as opposed to a bug): the page says so instead of failing. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof BffError;
}

/** What a page reads, or null when the upstream cannot say (the page shows its unavailable state). */
export async function unlessUnavailable<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isUnavailable(error)) return null;
    throw error;
  }
}
