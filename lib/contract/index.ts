import { callList, calls, contentCall, type CallDef } from './calls';
import { parseContentPath, type ContentFileId } from './content';

export * from './calls';
export * from './content';
export * from './envelope';

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

export * from './audio';
