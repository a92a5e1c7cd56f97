import { contentCall } from './calls';
import { parseContentPath, type ContentFileId } from './content';
import type { CallDef } from './define';
import { callList } from './table';

/**
 * The upstream API, the single source of truth (DESIGN.md section 3):
 *  - calls/<feature>.ts  every call of spec section 7, by feature, with its own shapes;
 *  - table.ts           the one table they are gathered into (`calls`, `callList`, `CallName`…);
 *  - define.ts          what a call is (`CallDef`, `def`); shapes.ts the shapes features share;
 *  - envelope.ts        the envelope of every answer, the error body, the quota statuses;
 *  - categories.ts      the content categories, their labels and which are course books;
 *  - content.ts         how content documents are addressed (`/api/{category}/…`);
 *  - audio.ts           composed audio (`concat:` texts and their `md5:` keys);
 *  - body-limits.ts     the largest request bodies, for the BFF and the upstream alike.
 */
export * from './table';
export * from './calls';
export * from './shapes';
export * from './envelope';
export * from './categories';
export * from './content';
export * from './audio';
export * from './body-limits';
export type { CallDef, CallKind, CallMethod, CallTable } from './define';

const byPath = new Map<string, CallDef>(callList.map((c) => [c.path, c]));

export type MatchedCall = { call: CallDef; content?: undefined } | { call: typeof contentCall; content: ContentFileId };

/**
 * Matches a request against the contract. `segments` are the decoded path segments after
 * `/api/`. Anything that is not exactly one contract call with its method answers null.
 */
export function matchCall(method: string, segments: readonly string[]): MatchedCall | null {
  if (segments.length === 1) {
    const call = byPath.get(`/api/${segments[0]}`);
    return call && call.method === method ? { call } : null;
  }
  if (method !== contentCall.method) return null;
  const content = parseContentPath(segments);
  return content ? { call: contentCall, content } : null;
}
