import type { SpanNode } from '../../lib/contract';
import { baseRelation, type UdWord } from '../language/ud';

/*
 * A UD tree as the structure builder (structure-ud.ts) reads it: each word's dependents and
 * subtree, what a word is (a predicate, a clause, finite), and spans over its words without the
 * punctuation at either end. Positions are the tree's, 0-based.
 */

const finiteTags = new Set(['MD', 'VBD', 'VBZ', 'VBP']);

export class UdTree {
  readonly n: number;
  readonly lower: string[];
  readonly kids: number[][];
  private readonly subtrees = new Map<number, number[]>();

  constructor(readonly w: readonly UdWord[]) {
    this.n = w.length;
    this.lower = w.map((x) => x.form.toLowerCase());
    this.kids = w.map(() => []);
    w.forEach((x, i) => {
      const h = x.head - 1;
      if (h >= 0 && h < this.n && h !== i) this.kids[h].push(i);
    });
  }

  // ── what a word is ─────────────────────────────────────────────────────────────────────────

  rel = (i: number) => this.w[i].deprel;
  base = (i: number) => baseRelation(this.w[i].deprel);
  isVerbal = (i: number) => this.w[i].upos === 'VERB' || this.w[i].upos === 'AUX';
  has = (i: number, ...rels: string[]) => this.kids[i].some((k) => rels.includes(this.rel(k)));
  kidsWith = (i: number, ...rels: string[]) => this.kids[i].filter((k) => rels.includes(this.rel(k)));
  hasSubject = (i: number) => this.kids[i].some((k) => ['nsubj', 'csubj', 'expl'].includes(this.base(k)));

  /** A root that makes a clause: a verb, or a word a copula joins to its subject. */
  isPredicate(i: number): boolean {
    return this.isVerbal(i) || this.has(i, 'cop') || this.kids[i].some((k) => ['nsubj', 'csubj'].includes(this.base(k)));
  }

  /** A dependent that is a clause or a verb phrase rather than a noun or adjective phrase. */
  isClausal(i: number): boolean {
    if (this.isVerbal(i)) return !this.has(i, 'det');
    return this.has(i, 'cop') || (this.hasSubject(i) && this.has(i, 'aux', 'aux:pass'));
  }

  /** The verb words of a predicate in order: auxiliaries, copula, the verb. */
  verbsOf(i: number, ex?: Set<number>): number[] {
    const own = this.isVerbal(i) ? [i] : [];
    return [...this.kidsWith(i, 'aux', 'aux:pass', 'cop').filter((k) => !ex?.has(k)), ...own].sort((a, b) => a - b);
  }

  isFinite(i: number, ex?: Set<number>): boolean {
    const verbs = this.verbsOf(i, ex);
    if (verbs.some((v) => this.w[v].feats.VerbForm === 'Fin' || finiteTags.has(this.w[v].xpos))) return true;
    // "I suggest he go": a bare verb with a subject and no "to".
    const first = verbs[0];
    return (
      first !== undefined &&
      this.hasSubject(i) &&
      this.w[first].xpos === 'VB' &&
      !this.kids[i].some((k) => this.rel(k) === 'mark' && this.lower[k] === 'to')
    );
  }

  sub(i: number): number[] {
    let s = this.subtrees.get(i);
    if (!s) {
      const out: number[] = [];
      const seen = new Set<number>();
      const visit = (x: number) => {
        if (seen.has(x)) return;
        seen.add(x);
        out.push(x);
        for (const k of this.kids[x]) visit(k);
      };
      visit(i);
      s = out.sort((a, b) => a - b);
      this.subtrees.set(i, s);
    }
    return s;
  }

  /** The words without the punctuation at either end. */
  trim(words: Iterable<number>): number[] {
    const sorted = [...new Set(words)].sort((a, b) => a - b);
    let a = 0;
    let b = sorted.length;
    while (a < b - 1 && this.w[sorted[a]].upos === 'PUNCT') a++;
    while (b - 1 > a && this.w[sorted[b - 1]].upos === 'PUNCT') b--;
    return sorted.slice(a, b);
  }

  span(words: Iterable<number>, label: string): SpanNode {
    const t = this.trim(words);
    return { start: t[0], end: t[t.length - 1] + 1, label };
  }

  /** A head and its conjuncts: "Tom and Mary" → Tom, Mary. */
  conjHeads(i: number): number[] {
    const out = [i];
    for (const k of this.kids[i]) if (this.rel(k) === 'conj' && !this.isClausal(k)) out.push(...this.conjHeads(k));
    return out;
  }

  head(i: number): number {
    return this.w[i].head - 1;
  }
}
