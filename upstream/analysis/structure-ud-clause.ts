import type { SpanNode } from '../../lib/contract';
import { nounClauseLabel } from './structure-lexicon';
import { phraseLabel, whOpeners } from './structure-ud-labels';
import { type ClauseOptions, PhraseLayer } from './structure-ud-phrase';
import { type Fn, functionsOf, predicateNodes, roleOf, verbGroup } from './structure-ud-roles';

/*
 * The clause layer of the structure builder (structure-ud.ts): the main clause and the clauses
 * beside it, and each clause's 谓语 nodes and functions. A function that is itself a clause, a
 * phrase or a noun phrase with clauses in it is built by the phrase layer (structure-ud-phrase.ts).
 */

const negations = new Set(['not', "n't", 'n’t', 'never']);
/** The function a word cut off from a function that reached too far keeps in the clause. */
const liftedFunctions: Record<string, string> = { nsubj: '主语', obj: '宾语', iobj: '间接宾语', obl: '状语', advmod: '状语' };
/** Dependents of a noun or adjective predicate that are not part of its 表语. */
const outsideNominal = new Set(['cc', 'punct', 'mark', 'dep', 'list', 'reparandum', 'dislocated', 'orphan', 'goeswith']);

/** Builds the span tree of a UD tree, in the tree's own positions (0-based). */
export class Builder extends PhraseLayer {
  build(): SpanNode[] {
    const root = this.w.findIndex((x) => x.head === 0 || x.deprel === 'root');
    if (root < 0) return [];
    if (!this.isPredicate(root)) {
      const node: SpanNode = { start: 0, end: this.n, label: '片段', highlight: [root] };
      const inner = this.nested(root, new Set());
      if (inner.length) node.children = inner;
      return [node];
    }
    const [main, ...beside] = this.clause(root, '主句', { top: true });
    const top: SpanNode[] = [main];
    for (const c of beside) {
      // A clause inside the main one's stretch ("The bank, he said, raised …") is a parenthesis in it.
      if (c.start > main.start && c.end < main.end) main.children = [...(main.children ?? []), { ...c, label: '插入语' }];
      else top.push({ ...c, label: '并列句' });
    }
    top.sort((a, b) => a.start - b.start);
    const punctuation = (from: number, to: number) => this.w.slice(from, to).every((x) => x.upos === 'PUNCT');
    if (punctuation(0, top[0].start)) top[0].start = 0;
    const last = top[top.length - 1];
    if (punctuation(last.end, this.n)) last.end = this.n;
    for (const c of top) c.children?.sort((a, b) => a.start - b.start);
    return top;
  }

  // ── clauses ────────────────────────────────────────────────────────────────────────────────

  /** The clause (or phrase) headed by `h`, then the clauses coordinated with it that stand beside it. */
  protected clause(h: number, label: string, o: ClauseOptions = {}): SpanNode[] {
    const ex = o.exclude ?? new Set<number>();
    const kidsOf = (p: number) => this.kids[p].filter((k) => !ex.has(k));
    const outer = kidsOf(h).find((k) => this.rel(k) === 'nsubj:outer' || this.rel(k) === 'csubj:outer');
    const cop = kidsOf(h).find((k) => this.rel(k) === 'cop');
    if (outer !== undefined && cop !== undefined && outer < cop && !o.phrase) return this.outerClause(h, outer, cop, label, o);

    const preds = [h];
    const splits: number[] = [];
    for (let i = 0; i < preds.length; i++) {
      for (const k of kidsOf(preds[i])) {
        if (this.rel(k) === 'conj' && (this.isClausal(k) || this.hasSubject(k))) (this.hasSubject(k) ? splits : preds).push(k);
        else if (o.top && this.base(k) === 'parataxis' && this.isClausal(k)) splits.push(k);
      }
    }
    const gone = new Set([...ex, ...splits.flatMap((s) => this.sub(s))]);
    const own = new Set([...this.sub(h).filter((x) => !gone.has(x)), ...(o.cover ?? [])]);

    const fns: Fn[] = [...(o.extra ?? [])];
    const gray: number[] = [];
    const groups: number[][] = [];
    for (const p of preds) {
      const kids = kidsOf(p).filter((k) => !preds.includes(k) && !splits.includes(k));
      const group = verbGroup(this, p, kids);
      groups.push(group);
      const nominal = !this.isVerbal(p);
      const copula = kids.find((k) => this.rel(k) === 'cop');
      const inner: number[] = [];
      const expl = kids.some((k) => this.base(k) === 'expl');
      for (const k of kids) {
        if (group.includes(k)) continue;
        const role = roleOf(this, p, k, { nominal, copula, expl, kids, grayCc: o.grayCc === true, phrase: o.phrase === true });
        if (role === 'gray') gray.push(k);
        else if (role === undefined) {
          if (nominal) inner.push(k);
        } else fns.push(...functionsOf(this, role, k, own));
      }
      if (nominal) {
        // The 表语 is the stretch around its head word that its own dependents make; a dependent
        // beyond a subject or verb ("How much | is | a big mac | in your country") is an adverbial.
        const attached = inner.filter((k) => !outsideNominal.has(this.base(k)));
        const hard = new Set([
          ...group,
          ...kids.filter((k) => ['nsubj', 'csubj', 'expl', 'obj', 'iobj'].includes(this.base(k))).flatMap((k) => this.sub(k)),
        ]);
        const clear = (from: number, to: number) => {
          for (let x = from; x <= to; x++) if (hard.has(x)) return false;
          return true;
        };
        let lo = p;
        let hi = p;
        const accepted: number[] = [];
        for (let grew = true; grew; ) {
          grew = false;
          for (const k of attached) {
            if (accepted.includes(k)) continue;
            const t = this.trim(this.sub(k));
            if (
              (t[0] > hi && clear(hi + 1, t[0] - 1)) ||
              (t[t.length - 1] < lo && clear(t[t.length - 1] + 1, lo - 1)) ||
              (t[0] <= hi && t[t.length - 1] >= lo)
            ) {
              accepted.push(k);
              lo = Math.min(lo, t[0]);
              hi = Math.max(hi, t[t.length - 1]);
              grew = true;
            }
          }
        }
        for (const k of attached) {
          if (!accepted.includes(k) && ['obl', 'advmod', 'nmod'].includes(this.base(k)))
            fns.push(...functionsOf(this, '状语', k, own));
        }
        const words = new Set([p, ...accepted.flatMap((k) => this.sub(k))].filter((x) => own.has(x)));
        fns.push({ label: '表语', head: p, words, inner: accepted, nominal: true });
      }
      // The opener of an adverbial clause that EWT makes its advmod ("when I come over") is gray.
      if (p === h && this.base(h) === 'advcl') {
        const first = this.trim(own)[0];
        if (whOpeners.has(this.lower[first]) && this.head(first) === h) gray.push(first);
      }
    }
    // A function whose words reach across the verb group or another function's head ("Whatever
    // you strive to do": Whatever is do's object) keeps only the stretch around its own head.
    const anchors = new Set([...groups.flat(), ...fns.map((f) => f.head)]);
    const lifted: Fn[] = [];
    for (const f of fns) {
      const t = this.trim(f.words);
      let crossed = false;
      for (let x = t[0] + 1; x < t[t.length - 1]; x++) if (!f.words.has(x) && anchors.has(x)) crossed = true;
      if (!crossed) continue;
      let lo = f.head;
      let hi = f.head;
      while (f.words.has(lo - 1)) lo--;
      while (f.words.has(hi + 1)) hi++;
      const removed = new Set([...f.words].filter((x) => x < lo || x > hi));
      for (const x of removed) f.words.delete(x);
      // What was cut off keeps its function here when it is a subject, object or adverbial.
      for (const x of removed) {
        if (removed.has(this.head(x))) continue;
        const label = liftedFunctions[this.base(x)];
        if (label) lifted.push({ label, head: x, words: new Set(this.sub(x).filter((y) => removed.has(y))) });
      }
    }
    fns.push(...lifted);
    const grayed = new Set(gray);
    const children: SpanNode[] = [];
    if (!o.phrase) {
      groups.forEach((group, i) => {
        const p = preds[i];
        const main = this.isVerbal(p) ? p : (group.find((x) => this.rel(x) === 'cop') ?? group[group.length - 1]);
        children.push(...predicateNodes(group, main));
      });
    }
    for (const f of fns) {
      if (grayed.has(f.head)) continue;
      const node = this.fnNode(f);
      if (node) children.push(node);
    }
    children.sort((a, b) => a.start - b.start);
    const node: SpanNode = { ...this.span(own, label), children };
    if (o.phrase) node.highlight = preds.map((p) => (this.isVerbal(p) ? p : (kidsOf(p).find((x) => this.rel(x) === 'cop') ?? p)));
    if (gray.length) node.gray = gray.sort((a, b) => a - b);
    const beside = splits.flatMap((s) => this.clause(s, label, { exclude: ex, grayCc: true }));
    return [node, ...beside];
  }

  /** "What surprised me most | was | how quickly the children learned": the 表语 is a clause. */
  private outerClause(h: number, outer: number, cop: number, label: string, o: ClauseOptions): SpanNode[] {
    const ex = o.exclude ?? new Set<number>();
    const kids = this.kids[h].filter((k) => !ex.has(k));
    const group = [cop, ...kids.filter((k) => this.base(k) === 'aux' && k < cop)];
    const neg = kids.find((k) => k === cop + 1 && negations.has(this.lower[k]));
    if (neg !== undefined) group.push(neg);
    const own = new Set(this.sub(h).filter((x) => !ex.has(x)));
    const fns: Fn[] = [];
    const outside = new Set<number>([...group, ...this.sub(outer)]);
    fns.push(...functionsOf(this, '主语', outer, own));
    const gray: number[] = [];
    for (const k of kids) {
      if (outside.has(k) || k > cop) continue;
      if (this.base(k) === 'punct') {
        outside.add(k);
      } else if (this.base(k) === 'cc' && k < outer) {
        outside.add(k);
        if (o.grayCc) gray.push(k);
      } else if (['advmod', 'obl', 'advcl', 'discourse'].includes(this.base(k))) {
        fns.push(...functionsOf(this, this.base(k) === 'discourse' ? '插入语' : '状语', k, own));
        for (const x of this.sub(k)) outside.add(x);
      }
    }
    const trailing = kids.filter(
      (k) => this.base(k) === 'punct' && k > Math.max(...this.sub(h).filter((x) => this.base(x) !== 'punct')),
    );
    for (const k of trailing) outside.add(k);
    const rest = [...own].filter((x) => !outside.has(x));
    const children: SpanNode[] = [
      ...predicateNodes(
        group.sort((a, b) => a - b),
        cop,
      ),
    ];
    for (const f of fns) {
      const node = this.fnNode(f);
      if (node) children.push(node);
    }
    if (rest.length) {
      const exclude = new Set([...ex, ...[...outside].flatMap((x) => (x === h ? [] : this.sub(x)))]);
      const inner = this.isFinite(h, exclude)
        ? this.clause(h, nounClauseLabel('表语') ?? '表语从句', { exclude })
        : this.clause(h, phraseLabel(this, h, '表语', exclude), { exclude, phrase: true });
      children.push({ ...this.span(rest, '表语'), children: inner });
    }
    children.sort((a, b) => a.start - b.start);
    return [{ ...this.span(own, label), children, ...(gray.length ? { gray } : {}) }];
  }
}
