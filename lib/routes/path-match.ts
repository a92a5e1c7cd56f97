/**
 * A page path as decoded segments, and patterns the browser can hold a path against without the
 * route table. The shell's chrome and the menu's lit items follow client navigations with these:
 * the server turns the table into such patterns once (./route-table, ./menus) and hands them over
 * as props, so that no page's first load carries the table itself.
 */

/**
 * Decoded segments of a pathname, or null when it cannot be a page path: not starting with '/',
 * empty segments, malformed percent-encoding, control characters, or '.'/'..' (which would be
 * path tricks once a param reaches a file name). One trailing slash is ignored.
 */
export function splitPath(pathname: string): string[] | null {
  if (typeof pathname !== 'string' || !pathname.startsWith('/')) return null;
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (path === '/') return [];
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    if (s === '' || s === '.' || s === '..' || /[\u0000-\u001f\u007f]/.test(s)) return null;
    segments.push(s);
  }
  return segments;
}

/** One segment of a pattern: a fixed word, any value (null), or a value a regular expression's source accepts. */
export type SegmentRule = string | null | { readonly re: string };

/** A pattern and the query values a path must also carry (a menu item's `?category=…`). */
export interface PathRule {
  readonly pattern: readonly SegmentRule[];
  readonly query: readonly (readonly [string, string])[];
}

// The sources come from the server's own table, a fixed few, so the cache needs no bound.
const compiled = new Map<string, RegExp>();

function fitsSegment(rule: SegmentRule, value: string): boolean {
  if (rule === null) return true;
  if (typeof rule === 'string') return rule === value;
  let re = compiled.get(rule.re);
  if (!re) {
    re = new RegExp(rule.re);
    compiled.set(rule.re, re);
  }
  return re.test(value);
}

/** Whether decoded segments fit a pattern, segment for segment. */
export function fitsPattern(pattern: readonly SegmentRule[], segments: readonly string[]): boolean {
  return pattern.length === segments.length && pattern.every((rule, i) => fitsSegment(rule, segments[i]));
}

/** An address's rule: its decoded segments, all fixed, and the query values it carries; null when it is no page path. */
export function addressRule(href: string): PathRule | null {
  const url = new URL(href, 'http://address.invalid');
  const segments = splitPath(url.pathname);
  return segments && { pattern: segments, query: [...url.searchParams] };
}
