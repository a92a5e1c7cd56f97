/**
 * The error catalogue of spec section 8, in Chinese as the product shows it.
 */
const catalogue: Record<string, string> = {
  '000': '操作太频繁，请勿重复请求',
  '401': '您没有权限进行此操作',
  '403': '您没有权限进行此操作',
  '404': '访问的资源不存在',
  '417': '未绑定登录账号，请使用密码登录后绑定',
  '423': '演示环境，无权限操作',
  '479': '演示环境，无权限操作',
  '500': '服务器错误',
};
export const unknownErrorMessage = '未知系统错误，请反馈给管理员';

export function catalogueMessage(status: string | number | undefined): string | undefined {
  return status === undefined ? undefined : catalogue[String(status)];
}

/**
 * The one error type of the browser client. `status` is the business status of the answer when
 * it has one (e.g. 'invalid_code', '000'), else the HTTP status; `message` is what a person
 * reads: the catalogue's message, else the server's own description, else the unknown-error line.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly status: string | null,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static fromAnswer(httpStatus: number, data: unknown): ApiError {
    const body = (data && typeof data === 'object' ? data : {}) as { status?: unknown; description?: unknown };
    const status = body.status === undefined || body.status === null ? String(httpStatus) : String(body.status);
    const description = typeof body.description === 'string' && body.description ? body.description : undefined;
    const message = catalogueMessage(status) ?? description ?? catalogueMessage(httpStatus) ?? unknownErrorMessage;
    return new ApiError(message, httpStatus, status, data);
  }
}
