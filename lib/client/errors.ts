/**
 * The error catalogue of spec section 8, in Chinese as the product shows it.
 */
const catalogue: Record<string, string> = {
  '000': '操作太频繁，请勿重复请求',
  '401': '您没有权限进行此操作',
  '403': '您没有权限进行此操作',
  '404': '访问的资源不存在',
  '417': '未绑定登录账号，请使用密码登录并绑定',
  '423': '演示环境，无权限操作',
  '479': '演示环境，无权限操作',
  '500': '服务器错误',
};
export const unknownErrorMessage = '未知系统错误，请反馈给管理员';
/** An answer that does not have the shape the contract gives its call. */
export const invalidAnswerMessage = '返回数据格式不正确';

export function catalogueMessage(status: string | number | undefined): string | undefined {
  return status === undefined ? undefined : catalogue[String(status)];
}

/**
 * What went wrong, so that a screen can react without parsing messages:
 * - request failures: `network` (no answer), `timeout`, `aborted` (the caller cancelled), `http`
 *   (an answer with a status other than 200);
 * - answers: `invalid` (not the shape the contract gives the call), `refused` (a business status
 *   other than OK), `quota` (a free-quota status: the quota flow of lib/client/quota.ts has already
 *   run), `empty` (OK, but without the data the call declares).
 */
export type ApiErrorKind = 'network' | 'timeout' | 'aborted' | 'http' | 'invalid' | 'refused' | 'quota' | 'empty';

/**
 * The one error type of the browser client. `status` is the business status of the answer when
 * it has one (e.g. 'invalid_code', '000'), else the HTTP status; `message` is what a person
 * reads: the catalogue's message, else the server's own description, else the unknown-error line.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;

  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly status: string | null,
    readonly data: unknown,
    kind?: ApiErrorKind,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind ?? (httpStatus === null ? 'network' : httpStatus === 200 ? 'refused' : 'http');
  }

  static fromAnswer(httpStatus: number, data: unknown, kind?: ApiErrorKind): ApiError {
    const body = (data && typeof data === 'object' ? data : {}) as { status?: unknown; description?: unknown };
    const status = body.status === undefined || body.status === null ? String(httpStatus) : String(body.status);
    const description = descriptionIn(data);
    const message = catalogueMessage(status) ?? description ?? catalogueMessage(httpStatus) ?? unknownErrorMessage;
    return new ApiError(message, httpStatus, status, data, kind);
  }

  /** The server's own words about it (the answer's `description`), when it said any. */
  get description(): string | undefined {
    return descriptionIn(this.data);
  }

  /** The request itself failed (no answer, a timeout, or an HTTP error), as opposed to an answer saying no. */
  get isRequestFailure(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'http';
  }
}

function descriptionIn(data: unknown): string | undefined {
  const description = (data as { description?: unknown } | null | undefined)?.description;
  return typeof description === 'string' && description ? description : undefined;
}
