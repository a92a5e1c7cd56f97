import { z } from 'zod';
import { UpstreamError } from '../platform/http';

/*
 * Calls to WeChat's server API (api.weixin.qq.com): a GET with query parameters whose answer is
 * JSON, where failures come as a 200 with errcode/errmsg. Login and the share signature use it;
 * each names what failed for the learner.
 */

const wechatTimeoutMs = 10_000;

// WeChat reports failures as a 200 with errcode/errmsg in the body.
const wechatErrorReply = z.object({ errcode: z.number().refine((n) => n !== 0), errmsg: z.string().optional() });

/** `what` begins the Chinese message of a failure ("微信登录失败"). */
export function createWechatApi(apiBase: string, what: string) {
  const failure = (httpStatus: 400 | 502, reason: string) => new UpstreamError(httpStatus, 'wechat_error', `${what}：${reason}`);

  return async function askWechat<T>(path: string, params: Record<string, string>, reply: z.ZodType<T>): Promise<T> {
    const url = new URL(`${apiBase}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(wechatTimeoutMs) });
      body = await response.json();
    } catch {
      throw failure(502, '微信服务暂时无法访问');
    }
    const error = wechatErrorReply.safeParse(body);
    if (error.success) throw failure(400, error.data.errmsg ?? `错误码 ${error.data.errcode}`);
    const parsed = reply.safeParse(body);
    if (!parsed.success) throw failure(502, '微信返回了无法识别的应答');
    return parsed.data;
  };
}
