import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { okStatus, type ErrorBody } from '../../lib/contract';
import { isClientGone } from '../../lib/net/aborted';

/**
 * The one error type of the service. `status` is the business code the product reads (the spec's
 * error catalogue, or a named code such as 'invalid_code'); `httpStatus` is what the HTTP layer
 * answers. A quota denial is an UpstreamError with HTTP 200, because the product reads it from a
 * successful body.
 */
export class UpstreamError extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    readonly status: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'UpstreamError';
  }

  get body(): ErrorBody {
    return { status: this.status, description: this.description };
  }
}

/**
 * A request's texts without U+0000, at every depth (files of a form stay as they are). PostgreSQL
 * cannot store that character in text at all, SQLite can; no word or sentence holds it, so the
 * service takes it out as a request comes in, and a call answers alike on either database
 * instead of failing on one.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  // A form's fields come as an object without a prototype (Hono's parseBody).
  const prototype = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (prototype === Object.prototype || prototype === null) {
    return Object.fromEntries(Object.entries(value as object).map(([key, item]) => [key, withoutNul(item)]));
  }
  return value;
}

export const badRequest = (reason: string) => new UpstreamError(400, '400', `请求参数错误：${reason}`);
export const needLogin = () => new UpstreamError(401, '401', '请先登录');
export const notFound = () => new UpstreamError(404, '404', '访问资源不存在');
export const methodNotAllowed = (allowed: string) => new UpstreamError(405, '405', '请求方法不被允许', { Allow: allowed });
export const notBuilt = (callName: string) => new UpstreamError(501, '501', `该功能尚未开放：${callName}`);

export interface Envelope<T = unknown> {
  status: string;
  description?: string;
  data?: T;
}

export function ok<T = never>(data?: T, description?: string): Envelope<T> {
  return {
    status: okStatus,
    ...(description === undefined ? {} : { description }),
    ...(data === undefined ? {} : { data }),
  };
}

export function errorAnswer(c: Context, error: UpstreamError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body, error.httpStatus);
}

export function createErrorHandler(log: (line: string) => void): ErrorHandler {
  return (err, c) => {
    if (err instanceof UpstreamError) return errorAnswer(c, err);
    // The caller went away while its body was being read: there is nobody to answer or to blame.
    if (c.req.raw.signal.aborted || isClientGone(err)) return new Response(null, { status: 499 });
    // Hono's own middleware (body limit and the like) speaks HTTPException.
    if (err instanceof HTTPException && err.status < 500) {
      return errorAnswer(c, new UpstreamError(err.status as ContentfulStatusCode, String(err.status), err.message || '请求无效'));
    }
    log(`[error] ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return errorAnswer(c, new UpstreamError(500, '500', '服务器错误'));
  };
}

export const notFoundHandler: NotFoundHandler = (c) => errorAnswer(c, notFound());

/** The largest body a request may carry, by where it goes and what it is. */
export type BodyLimitOf = (c: Context) => number;

/**
 * Refuses a request whose body is over its limit with 413 before it is read: a declared length
 * over it at once, a chunked body as soon as it passes it. Every route that reads a body sits
 * behind it, so no body larger than its limit is ever held in memory.
 */
export function limitRequestBody(limitOf: BodyLimitOf): MiddlewareHandler {
  return (c, next) =>
    bodyLimit({
      maxSize: limitOf(c),
      // The rest of the body is never read: the connection cannot be used again.
      onError: (c) => errorAnswer(c, new UpstreamError(413, '413', '请求内容过大', { Connection: 'close' })),
    })(c, next);
}

/**
 * Keeps keep-alive connections trustworthy when an answer is ready before its request body was
 * read (an unknown path, a call not built yet, a refusal). Left alone, the Node adapter drains
 * such a body after answering and, if that takes over 500 ms (a busy event loop is enough),
 * destroys the socket without having said `Connection: close`; the client, which holds the
 * connection as reusable, then loses the next request it sends on it. So a body within its limit
 * (the client is sending it anyway) is read to the end, chunk by chunk and thrown away, before
 * the answer goes, and the connection of any other is closed in the answer, unread.
 */
export function settleRequestBody(limitOf: BodyLimitOf): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const request = c.req.raw;
    if (!request.body || request.bodyUsed || request.body.locked) return;
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared <= limitOf(c)) {
      try {
        for await (const _chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
          // read and dropped
        }
        return;
      } catch {
        // cut off by the client: the connection is gone anyway
      }
    }
    try {
      c.res.headers.set('connection', 'close');
    } catch {
      // an answer with immutable headers: copy it
      const closing = new Response(c.res.body, c.res);
      closing.headers.set('connection', 'close');
      c.res = closing;
    }
  };
}
