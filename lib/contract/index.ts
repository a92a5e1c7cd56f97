import { callList } from './table';
import { contentCall } from './calls/content';
import { parseContentPath, type ContentFileId } from './content';
import type { CallDef } from './define';

/**
 * The upstream API, the single source of truth (DESIGN.md section 3): every call of spec
 * section 7 by feature (`calls/`), gathered into one table (`table.ts`), the shapes they share,
 * the envelope of their answers, and the addressing of content and composed audio.
 */
export * from './table';
export * from './calls';
export * from './shapes';
export * from './envelope';
export * from './content';
export * from './audio';
export type { CallDef, CallKind, CallMethod, CallTable } from './define';

const byPath = new Map<string, CallDef>(callList.map((c) => [c.path, c]));

export type MatchedCall =
  | { call: CallDef; content?: undefined }
  | { call: typeof contentCall; content: ContentFileId };

/**
 * Matches a request against the contract. `segments` are the decoded path segments after
 * `/api/`. Anything that is not exactly one contract call with its method answers null.
 */
export function matchCall(method: string, segments: readonly string[]): MatchedCall | null {
  if (segments.length === 1) {
    const call = byPath.get('/api/' + segments[0]);
    return call && call.method === method ? { call } : null;
  }
  if (method !== contentCall.method) return null;
  const content = parseContentPath(segments);
  return content ? { call: contentCall, content } : null;
}
