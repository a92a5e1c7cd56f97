import type { SpanNode } from '../../lib/contract';

/*
 * The invariants every span tree keeps, whoever built it: 0 ≤ start < end ≤ the word count,
 * children inside their parent, siblings in order and not overlapping, gray and highlight words
 * inside their node. Builders aim for them; this pass makes sure, clipping or dropping what does not
 * fit rather than failing.
 */

/** Moves every position of the tree by `by` (the parse counts LEFT-WALL as word 0). */
export function shiftSpans(spans: SpanNode[], by: number): SpanNode[] {
  return spans.map((s) => {
    const node: SpanNode = { start: s.start + by, end: s.end + by, label: s.label };
    if (s.gray) node.gray = s.gray.map((w) => w + by);
    if (s.highlight) node.highlight = s.highlight.map((w) => w + by);
    if (s.children) node.children = shiftSpans(s.children, by);
    return node;
  });
}

/** The tree made valid within [0, wordCount). */
export function sanitizeSpans(spans: SpanNode[], wordCount: number): SpanNode[] {
  return clean(spans, 0, wordCount);
}

function clean(spans: SpanNode[], lo: number, hi: number): SpanNode[] {
  const out: SpanNode[] = [];
  const sorted = spans
    .filter((s) => s && Number.isFinite(s.start) && Number.isFinite(s.end))
    .map((s) => ({ ...s, start: Math.max(lo, Math.trunc(s.start)), end: Math.min(hi, Math.trunc(s.end)) }))
    .filter((s) => s.start < s.end)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let floor = lo;
  for (const s of sorted) {
    const start = Math.max(s.start, floor);
    if (start >= s.end) continue;
    const node: SpanNode = { start, end: s.end, label: s.label };
    const within = (w: number) => Number.isInteger(w) && w >= start && w < s.end;
    const gray = [...new Set(s.gray ?? [])].filter(within).sort((a, b) => a - b);
    const highlight = [...new Set(s.highlight ?? [])].filter(within).sort((a, b) => a - b);
    if (gray.length) node.gray = gray;
    if (highlight.length) node.highlight = highlight;
    const children = clean(s.children ?? [], start, s.end);
    if (children.length) node.children = children;
    out.push(node);
    floor = s.end;
  }
  return out;
}
