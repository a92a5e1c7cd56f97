import type { SpanNode } from '../../lib/contract';
import type { UdTree } from './structure-ud-tree';

/*
 * What each word of a clause is to its predicate (structure-ud.ts): the verb group and its 谓语
 * nodes, and the function (主语, 宾语, 状语 …) each other dependent has, with the words it covers.
 */

/** Verbs whose complement describes the subject: "seems happy", "became a teacher". */
const copularLemmas = new Set(
  'be become remain stay turn seem appear look sound feel prove grow get go keep taste smell'.split(' '),
);
const groupRelations = new Set(['aux', 'aux:pass', 'cop', 'compound:prt']);
/** Functions whose head is a noun phrase, from which an appositive set off by a comma stands apart. */
const nominalFunctions = new Set(['主语', '真正主语', '宾语', '间接宾语', '表语', '状语', '宾语补足语']);

export interface Fn {
  label: string;
  head: number;
  /** The words of the function, within its clause. */
  words: Set<number>;
  /** The head's dependents that are not part of it (a copula's 表语 leaves the subject out). */
  inner?: number[];
  /** The head is not a clause here even if it looks like one (the 表语 of its own copula). */
  nominal?: boolean;
}

/** What the clause of predicate `p` tells `roleOf` about it. */
export interface RoleContext {
  nominal: boolean;
  copula?: number;
  expl: boolean;
  kids: number[];
  grayCc: boolean;
  phrase: boolean;
}

/** The verb group of predicate `p`: its verb, auxiliaries, copula, negation, particle, and the adverbs between. */
export function verbGroup(t: UdTree, p: number, kids: number[]): number[] {
  const out = t.isVerbal(p) ? [p] : [];
  for (const k of kids) {
    if (groupRelations.has(t.rel(k))) out.push(k);
    else if (t.base(k) === 'advmod' && (t.lower[k] === 'not' || t.lower[k] === "n't" || t.lower[k] === 'n’t')) out.push(k);
  }
  if (out.length === 0) return out;
  const lo = Math.min(...out);
  const hi = Math.max(...out);
  for (const k of kids) {
    if (k > lo && k < hi && t.base(k) === 'advmod' && t.kids[k].length === 0 && !out.includes(k)) out.push(k);
  }
  return out.sort((a, b) => a - b);
}

/** One 谓语 per run of the verb group that no other word interrupts. */
export function predicateNodes(group: number[], main: number): SpanNode[] {
  const runs: number[][] = [];
  for (const x of group) {
    const run = runs.at(-1);
    if (run && x === run[run.length - 1] + 1) run.push(x);
    else runs.push([x]);
  }
  return runs.map((run) => ({
    start: run[0],
    end: run[run.length - 1] + 1,
    label: '谓语',
    highlight: [run.includes(main) ? main : run[0]],
  }));
}

/** What dependent `k` is in the clause of `p`; 'gray' for a marker, undefined for none. */
export function roleOf(t: UdTree, p: number, k: number, c: RoleContext): string | undefined {
  const rel = t.rel(k);
  const base = t.base(k);
  const hasObject = c.kids.some((x) => t.rel(x) === 'obj');
  const copular = c.copula !== undefined || copularLemmas.has(t.w[p].lemma.toLowerCase());
  switch (base) {
    case 'nsubj':
    case 'csubj':
      return c.expl && rel !== 'nsubj:outer' ? '真正主语' : '主语';
    case 'expl':
      return t.lower[k] === 'it' && k > p && !c.nominal && c.kids.some((x) => t.base(x) === 'nsubj') ? '形式宾语' : '形式主语';
    case 'obj':
      // A second object set off by a comma after the first sums it up (raised rates, a decision …).
      if (c.kids.some((x) => x < k && t.rel(x) === 'obj') && summaryAppositive(t, k, p)) return '同位语';
      return '宾语';
    case 'iobj':
      return '间接宾语';
    case 'ccomp':
      if (extraposed(t, k, p, c)) return '真正主语';
      if (c.nominal) return undefined;
      return copular ? '表语' : '宾语';
    case 'xcomp':
      if (c.nominal) return c.expl ? '真正主语' : undefined;
      if (hasObject) return '宾语补足语';
      if (t.has(p, 'aux:pass') && !t.isClausal(k)) return '主语补足语';
      if (copular || !t.isClausal(k)) return '表语';
      return '宾语';
    case 'advcl':
      return extraposed(t, k, p, c) ? '真正主语' : '状语';
    case 'obl':
      if (summaryAppositive(t, k, p)) return '同位语';
      if (c.nominal && t.w[p].upos === 'ADJ' && k > p) return undefined;
      return '状语';
    case 'advmod':
      if (c.nominal && c.copula !== undefined && k > c.copula && k < p) return undefined;
      if (c.nominal && c.copula === undefined && k < p && k === p - 1) return undefined;
      return '状语';
    case 'nmod':
      return c.nominal ? undefined : rel === 'nmod:tmod' || rel === 'nmod:npmod' || rel === 'nmod:unmarked' ? '状语' : undefined;
    case 'appos':
      return c.nominal ? undefined : '同位语';
    case 'discourse':
    case 'vocative':
    case 'parataxis':
      return '插入语';
    case 'dislocated':
      return '状语';
    case 'mark':
      return 'gray';
    case 'cc':
      return c.grayCc && k < p ? 'gray' : undefined;
    default:
      return undefined;
  }
}

/**
 * A noun phrase with no preposition, set off by a comma after the clause ("…, a decision that
 * pushed up borrowing costs") sums the clause up: an appositive, though a parser may attach it
 * as an oblique or a second object of the verb.
 */
export function summaryAppositive(t: UdTree, k: number, p: number): boolean {
  if (k < p || !['NOUN', 'PROPN'].includes(t.w[k].upos)) return false;
  if (t.kids[k].some((x) => t.base(x) === 'case')) return false;
  if (!t.kids[k].some((x) => t.base(x) === 'det' && x < k)) return false;
  // The comma may hang from the phrase itself: the word before its first non-punctuation word.
  const first = t.trim(t.sub(k))[0];
  return first > 0 && t.w[first - 1].form === ',';
}

/**
 * A that-, whether- or to-clause after the predicate of an expletive "it" with no subject of its
 * own is the real subject, however the parser attached it ("It is important that you come":
 * EWT's csubj, which a parser may give as advcl or ccomp).
 */
export function extraposed(t: UdTree, k: number, p: number, c: { expl: boolean; kids: number[] }): boolean {
  if (!c.expl || k < p) return false;
  if (c.kids.some((x) => ['nsubj', 'csubj'].includes(t.base(x)))) return false;
  if (!c.kids.some((x) => t.base(x) === 'expl' && t.lower[x] === 'it' && x < p)) return false;
  return t.kids[k].some((x) => t.base(x) === 'mark' && ['that', 'whether', 'to'].includes(t.lower[x]));
}

/** The function `label` over dependent `k`, and an appositive set off beside it. */
export function functionsOf(t: UdTree, label: string, k: number, own: Set<number>): Fn[] {
  const words = new Set(t.sub(k).filter((x) => own.has(x)));
  const out: Fn[] = [{ label, head: k, words }];
  if (nominalFunctions.has(label) && !t.isClausal(k)) {
    for (const a of t.kids[k]) {
      if (t.rel(a) !== 'appos') continue;
      const aw = t.trim(t.sub(a));
      const before = t.w[aw[0] - 1];
      if (!before || !['PUNCT'].includes(before.upos) || !words.has(aw[0] - 1)) continue;
      for (const x of t.sub(a)) words.delete(x);
      out.push({ label: '同位语', head: a, words: new Set(t.sub(a).filter((x) => own.has(x))) });
    }
  }
  return out;
}
