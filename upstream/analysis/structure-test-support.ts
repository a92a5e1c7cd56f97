import type { SpanNode } from '../../lib/contract';
import type { SentenceStructure } from './types';

/** Every node that `match` accepts, depth first, in order. */
export function findAll(spans: SpanNode[], match: (node: SpanNode) => boolean): SpanNode[] {
  return spans.flatMap((n) => [...(match(n) ? [n] : []), ...findAll(n.children ?? [], match)]);
}

/** The highlighted words of the nodes labelled `label`. */
export function headsOf(words: string[], spans: SpanNode[], label: string): string[] {
  return findAll(spans, (n) => n.label === label).flatMap((n) => (n.highlight ?? []).map((i) => words[i]));
}

/** What is wrong with a structure's tree; empty when it keeps every invariant. */
export function checkInvariants({ words, spans }: SentenceStructure): string[] {
  const problems: string[] = [];
  const visit = (nodes: SpanNode[], lo: number, hi: number, path: string) => {
    let floor = lo;
    for (const n of nodes) {
      const at = `${path}/${n.label}[${n.start},${n.end})`;
      if (!(Number.isInteger(n.start) && Number.isInteger(n.end))) problems.push(`${at}: not integers`);
      if (!(n.start < n.end)) problems.push(`${at}: empty`);
      if (n.start < lo || n.end > hi) problems.push(`${at}: outside its parent [${lo},${hi})`);
      if (n.start < floor) problems.push(`${at}: overlaps or precedes its previous sibling`);
      if (!n.label) problems.push(`${at}: no label`);
      for (const w of [...(n.gray ?? []), ...(n.highlight ?? [])]) {
        if (!(w >= n.start && w < n.end)) problems.push(`${at}: marked word ${w} outside the node`);
      }
      floor = n.end;
      visit(n.children ?? [], n.start, n.end, at);
    }
  };
  visit(spans, 0, words.length, '');
  return problems;
}
