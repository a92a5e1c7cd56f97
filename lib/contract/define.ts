import { z } from 'zod';
import { anyData, emptyRequest, envelope } from './envelope';

// Shorthands for the call files: every object of the contract passes unknown fields through.
export const str = z.string();
export const num = z.number();
export const strOrNum = z.union([z.string(), z.number()]);
export const obj = z.looseObject;

/**
 * How a call travels. The kind decides how the BFF relays it, how the browser sends it and how
 * the upstream reads it:
 *  - json:      JSON body in (GET: query parameters), JSON envelope out
 *  - multipart: multipart/form-data body in, JSON envelope out
 *  - binary:    query parameters in, bytes out (audio)
 *  - sse:       query parameters in, text/event-stream out
 */
export type CallKind = 'json' | 'multipart' | 'binary' | 'sse';
export type CallMethod = 'GET' | 'POST';

export interface CallDef<
  Name extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Kind extends CallKind = CallKind,
> {
  name: Name;
  method: CallMethod;
  path: `/api/${Name}`;
  kind: Kind;
  /** JSON body, query parameters or form fields, as the kind says. Unknown fields pass. */
  request: Req;
  /** The fields the product reads; everything else passes through. Binary and SSE: unused. */
  response: Res;
  /** SSE only: what one message's data holds once parsed as JSON. */
  events?: z.ZodType;
  /**
   * A GET that spends something of the caller's: a metered use, the language model, disk. A
   * page of another site can make the browser send a GET with the user's cookies (a link, an
   * image, an event stream) as easily as it can a POST, so the BFF refuses such a call from
   * other sites as it refuses every write (lib/bff/forward.ts, checkSameOrigin). POSTs are
   * always checked and need no mark.
   */
  spends?: true;
}

/** A feature's calls, by name. Every feature file exports one as `<feature>Calls`. */
export type CallTable = Readonly<Record<string, CallDef>>;

/**
 * Declares one call. Everything left out takes the common case: POST, JSON, any request
 * object, an envelope whose data is not read yet. (A call whose fields the spec does not give
 * keeps `unknown` types for them, so that nobody builds on a shape that is not known.)
 */
export function def<
  const Name extends string,
  Req extends z.ZodType,
  Res extends z.ZodType,
  Kind extends CallKind = 'json',
  Events extends z.ZodType | undefined = undefined,
>(
  name: Name,
  spec: { method?: CallMethod; kind?: Kind; request?: Req; response?: Res; events?: Events; spends?: true },
): CallDef<Name, Req, Res, Kind> & { events: Events } {
  return {
    name,
    method: spec.method ?? 'POST',
    path: `/api/${name}`,
    kind: spec.kind ?? 'json',
    request: spec.request ?? emptyRequest,
    response: spec.response ?? envelope(anyData),
    ...(spec.events ? { events: spec.events } : {}),
    ...(spec.spends ? { spends: true } : {}),
  } as CallDef<Name, Req, Res, Kind> & { events: Events };
}
