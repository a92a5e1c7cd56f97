import type { SpanNode } from '../../lib/contract';
import { readConllu } from '../language/conllu';
import type { UdSentence } from '../language/ud';
import type { SentenceStructure } from './types';

/**
 * A UD tree written by hand, one row a word: "form UPOS XPOS head deprel [feats] [misc]"; "Fin"
 * stands for Mood=Ind|VerbForm=Fin; a row "+2-3 can't" is a multiword token line.
 */
export function handTree(text: string, rows: string[]): UdSentence {
  let id = 0;
  const lines = rows.map((row) => {
    const [form, upos, xpos, head, deprel, feats = '_', misc = '_'] = row.split(' ');
    if (form.startsWith('+')) return [form.slice(1), upos, '_', '_', '_', '_', '_', '_', '_', xpos ?? '_'].join('\t');
    id++;
    const f = feats === 'Fin' ? 'Mood=Ind|VerbForm=Fin' : feats;
    return [id, form, '_', upos, xpos, f, head, deprel, '_', misc].join('\t');
  });
  const [sentence] = readConllu([`# text = ${text}`, ...lines, ''].join('\n'));
  return sentence;
}

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
