import 'server-only';
import { callBodyLimit, jsonNesting, MAX_JSON_DEPTH, requestBodyLimits } from '@/lib/contract/body-limits';
import { bffErrors } from './errors';

export const JSON_BODY_LIMIT = requestBodyLimits.json;
export const MULTIPART_BODY_LIMIT = requestBodyLimits.multipart;

export const bodyLimit = (contentType: string | null): number => callBodyLimit(contentType);

/** Refuses at once when the declared length is over the limit. */
export function checkDeclaredLength(request: Request, limit: number): void {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw bffErrors.tooLarge(limit);
}

/** Reads a whole body, refusing it as soon as it passes the limit (chunked bodies too). */
export async function readBody(request: Request, limit: number): Promise<Buffer> {
  checkDeclaredLength(request, limit);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw bffErrors.tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Streams a body through, counting; passing the limit ends the stream with the 413 error, which
 * the caller sees as the upstream request's failure.
 */
export function limitedStream(request: Request, limit: number): { stream: AsyncIterable<Uint8Array>; exceeded: () => boolean } {
  checkDeclaredLength(request, limit);
  let over = false;
  const source = request.body as unknown as AsyncIterable<Uint8Array> | null;
  async function* stream() {
    if (!source) return;
    let size = 0;
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > limit) {
        over = true;
        throw bffErrors.tooLarge(limit);
      }
      yield chunk;
    }
  }
  return { stream: stream(), exceeded: () => over };
}

/** Parses a JSON body, refusing malformed or too deeply nested ones with 400. */
export function parseJson(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (jsonNesting(text) > MAX_JSON_DEPTH) throw bffErrors.badJson();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bffErrors.badJson();
  }
}

/** Parses a JSON object body; an empty body is an empty object. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  const value = parseJson(body);
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw bffErrors.badJson();
}
