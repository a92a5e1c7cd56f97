import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  callList,
  contentCall,
  parseContentPath,
  type CallDef,
  type CallName,
  type Calls,
  type ContentFileId,
  jsonNesting,
  MAX_JSON_DEPTH,
} from '../../lib/contract';
import { readCaller, type Caller } from './caller';
import { badRequest, methodNotAllowed, notBuilt, notFound, withoutNul, type Envelope } from './http';

type CallInput<N extends CallName> = z.output<Calls[N]['request']>;

/**
 * What a handler answers: an envelope, sent as JSON, or for a binary call (audio) a ready web
 * Response, sent as it is.
 */
export type HandlerAnswer = Envelope | Response;

/** The handlers built so far; a call without one answers 501. */
export type CallHandlers = { [N in CallName]?: (input: CallInput<N>, caller: Caller) => Promise<HandlerAnswer> } & {
  content?: (input: z.output<typeof contentCall.request>, caller: Caller, file: ContentFileId) => Promise<Envelope>;
};

type AnyHandler = (input: unknown, caller: Caller, file?: ContentFileId) => Promise<HandlerAnswer>;

const send = (c: Context, answer: HandlerAnswer) => (answer instanceof Response ? answer : c.json(answer));

// Content files are addressed by identity: /api/{category}/{filename} and
// /api/{category}/{sub_category}/{filename}. Hono hands the segments over decoded.
const contentPatterns = ['/api/:category/:filename', '/api/:category/:sub_category/:filename'];

/** Routes every call of the contract, built or not, so that the answer is never a made-up one. */
export function registerContractRoutes(app: Hono, handlers: CallHandlers): void {
  for (const call of callList) {
    app.on(call.method, call.path, async (c) => {
      const handler = handlers[call.name as CallName] as AnyHandler | undefined;
      if (!handler) throw notBuilt(call.name);
      return send(c, await handler(await readInput(c, call), readCaller(c)));
    });
    app.all(call.path, () => {
      throw methodNotAllowed(call.method);
    });
  }

  for (const pattern of contentPatterns) {
    app.on(contentCall.method, pattern, async (c) => {
      const file = contentFile(c);
      const handler = handlers.content as AnyHandler | undefined;
      if (!handler) throw notBuilt(contentCall.name);
      return send(c, await handler(await readInput(c, contentCall), readCaller(c), file));
    });
    app.all(pattern, (c) => {
      contentFile(c);
      throw methodNotAllowed(contentCall.method);
    });
  }
}

function contentFile(c: Context): ContentFileId {
  const { category, sub_category, filename } = c.req.param();
  const segments = [category, sub_category, filename].filter((s): s is string => s !== undefined);
  const file = parseContentPath(segments);
  if (!file) throw notFound();
  return file;
}

async function readInput(c: Context, call: Pick<CallDef, 'method' | 'kind' | 'request'>): Promise<unknown> {
  const raw =
    call.method === 'GET'
      ? Object.fromEntries(new URL(c.req.url).searchParams)
      : call.kind === 'multipart'
        ? await readForm(c)
        : await readJson(c);
  const parsed = call.request.safeParse(withoutNul(raw));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(`${issue.path.join('.') || '请求体'}: ${issue.message}`);
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  // Calls without parameters (logout, get_user_info) may come with no body at all.
  if (text.trim() === '') return {};
  // Whatever the content type says: a document nested thousands deep would overflow the stack
  // of whatever walks it next.
  if (jsonNesting(text) > MAX_JSON_DEPTH) throw badRequest('JSON 嵌套过深');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('JSON 格式不正确');
  }
}

async function readForm(c: Context): Promise<unknown> {
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('表单格式不正确');
  }
}
