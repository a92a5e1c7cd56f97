import type { SpanNode } from '@/lib/contract/calls/analysis';

/**
 * The constituent layers of an analysed sentence, without React (spec section 2, "Sentence
 * analysis panel"): the span tree read one depth at a time, so that the panel draws one row per
 * depth — the clauses, then the functions inside them, then the clauses nested in those, and so
 * on — each row the whole sentence, with coloured segments where that depth has a node and plain
 * words between them.
 */

/** A constituent the learner can select and ask about: its label and word span [start, end). */
export interface Constituent {
  label: string;
  start: number;
  end: number;
}

export interface SegmentCell {
  kind: 'segment';
  label: string;
  start: number;
  end: number;
  /** Word positions (absolute) of marker words, drawn dimmed. */
  gray: ReadonlySet<number>;
  /** Word positions (absolute) of head words, drawn bold. */
  highlight: ReadonlySet<number>;
  /** Where the node is in the tree, e.g. "0.1.0": unique, stable for React keys and tests. */
  path: string;
}

/** Words of a row that no node of that depth covers. */
export interface GapCell {
  kind: 'gap';
  start: number;
  end: number;
}

export type LayerCell = SegmentCell | GapCell;

export interface Layer {
  depth: number;
  cells: LayerCell[];
}

interface Placed {
  node: SpanNode;
  path: string;
}

/**
 * One row per depth of the tree, each covering every word of the sentence in order. Nodes that
 * break the tree's promises (out of the sentence, empty, overlapping an earlier sibling) are left
 * out rather than drawn wrongly: a row never shows a word twice.
 */
export function constituentLayers(wordCount: number, spans: readonly SpanNode[]): Layer[] {
  const layers: Layer[] = [];
  let level: Placed[] = spans.map((node, i) => ({ node, path: String(i) }));
  for (let depth = 0; level.length > 0; depth++) {
    const cells = rowOf(wordCount, level);
    if (cells.some((c) => c.kind === 'segment')) layers.push({ depth, cells });
    level = level.flatMap(({ node, path }) => (node.children ?? []).map((child, i) => ({ node: child, path: `${path}.${i}` })));
    // A malformed tree could be deep beyond reason; a sentence has at most ~1000 words.
    if (depth > 64) break;
  }
  return layers;
}

function rowOf(wordCount: number, level: readonly Placed[]): LayerCell[] {
  const valid = level
    .filter(({ node }) => Number.isInteger(node.start) && Number.isInteger(node.end))
    .filter(({ node }) => node.start >= 0 && node.end <= wordCount && node.start < node.end)
    .sort((a, b) => a.node.start - b.node.start || b.node.end - a.node.end);
  const cells: LayerCell[] = [];
  let at = 0;
  for (const { node, path } of valid) {
    if (node.start < at) continue;
    if (node.start > at) cells.push({ kind: 'gap', start: at, end: node.start });
    cells.push({
      kind: 'segment',
      label: node.label,
      start: node.start,
      end: node.end,
      gray: new Set(node.gray ?? []),
      highlight: new Set(node.highlight ?? []),
      path,
    });
    at = node.end;
  }
  if (at < wordCount) cells.push({ kind: 'gap', start: at, end: wordCount });
  return cells;
}

/** The words of a span, as the sentence shows them, joined for reading. */
export function spanText(words: readonly string[], { start, end }: { start: number; end: number }): string {
  return joinWords(words.slice(start, end));
}

const NO_SPACE_BEFORE = /^(?:[.,!?;:%)\]}”’»…]|'s|'re|'ve|'ll|'d|'m|n't)$/i;
const NO_SPACE_AFTER = /^[([{“‘«$]$/;

/** Words back into text: no space before punctuation and clitics ('s, n't), none after opening brackets. */
export function joinWords(words: readonly string[]): string {
  let text = '';
  for (const [i, word] of words.entries()) {
    if (i > 0 && !NO_SPACE_BEFORE.test(word) && !NO_SPACE_AFTER.test(words[i - 1])) text += ' ';
    text += word;
  }
  return text;
}

/** Whether two constituents are the same span with the same label. */
export const sameConstituent = (a: Constituent | null | undefined, b: Constituent | null | undefined) =>
  !!a && !!b && a.label === b.label && a.start === b.start && a.end === b.end;
