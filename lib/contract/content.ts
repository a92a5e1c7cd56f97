import { type ContentCategory, isContentCategory } from './categories';

/**
 * The content call of spec section 7 is addressed by the document's identity rather than by a
 * verb: `POST /api/{category}/{sub_category}/{filename}` or `POST /api/{category}/{filename}`.
 * Only known categories (./categories.ts) are routable, so a content path can never shadow
 * another call or smuggle a path trick through the allow-list.
 */
// A segment is a plain name: letters (any script), digits, space, dot, dash, underscore.
// Never empty, never '.' or '..', never a slash or backslash.
const segment = /^(?!\.{1,2}$)[\p{L}\p{N} ._()'-]{1,200}$/u;

export interface ContentFileId {
  category: ContentCategory;
  sub_category?: string;
  filename: string;
}

/** Parses decoded path segments after `/api/`; null when they do not name a content file. */
export function parseContentPath(segments: readonly string[]): ContentFileId | null {
  if (segments.length !== 2 && segments.length !== 3) return null;
  const [category, ...rest] = segments;
  if (!isContentCategory(category) || !rest.every((s) => segment.test(s))) return null;
  return rest.length === 2 ? { category, sub_category: rest[0], filename: rest[1] } : { category, filename: rest[0] };
}

export function contentPath(id: ContentFileId): string {
  const parts = [id.category, id.sub_category, id.filename].filter((p): p is string => !!p);
  return `/api/${parts.map(encodeURIComponent).join('/')}`;
}
