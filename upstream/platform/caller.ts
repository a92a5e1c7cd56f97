import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Who is asking, as the BFF describes it in its forwarded headers. */
export interface Caller {
  /** Bearer token, when the request carries one. */
  token?: string;
  /** Client address: the last X-Forwarded-For entry, which is the one the BFF itself appended. */
  ip: string;
  /** The browser's random id (X-Visitor-Id), when present and well-formed. */
  visitorId?: string;
  /**
   * The BFF made the visitor id for this request (X-Visitor-New: no cookie came with it): a
   * client that keeps no cookies, as a browser does from its page's first call on.
   */
  newVisitor?: boolean;
  /**
   * Aborts when the client goes away: a long answer (the tutor's stream) stops the work behind
   * it, such as the language model's request.
   */
  signal?: AbortSignal;
}

/**
 * Who is asking, as what they own is recorded (a tutor's conversation): the user, else the
 * browser's id, else the address; most specific first.
 */
export interface Asker {
  userId?: number;
  visitorId?: string;
  ip: string;
}

const ipShape = /^[0-9A-Fa-f:.]{2,45}$/;
const visitorShape = /^[\w-]{1,128}$/;

export function readCaller(c: Context): Caller {
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  const visitorId = c.req.header('x-visitor-id')?.trim();
  return {
    token: bearerToken(c.req.header('authorization')),
    ip: forwarded && ipShape.test(forwarded) ? forwarded : socketAddress(c),
    visitorId: visitorId && visitorShape.test(visitorId) ? visitorId : undefined,
    newVisitor: c.req.header('x-visitor-new') === '1',
    signal: c.req.raw.signal,
  };
}

// The embedded-app mode forwards the session value as the whole Authorization header, so a value
// without the 'Bearer' scheme is taken as the token itself.
function bearerToken(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const token = /^bearer\s+(.+)$/i.exec(value)?.[1] ?? value;
  return token.length <= 512 ? token : undefined;
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in a test) have no socket.
    return 'unknown';
  }
}
