import type { SpanNode } from '../../lib/contract';
import { nounClauseLabel } from './structure-lexicon';
import { clauseLabel, phraseLabel, relativeLabel } from './structure-ud-labels';
import type { Fn } from './structure-ud-roles';
import { UdTree } from './structure-ud-tree';

/*
 * The phrase layer of the structure builder (structure-ud.ts): the node of a function in its
 * clause, and what nests inside a noun phrase (relative clauses, appositive clauses, participles,
 * appositives, free relatives). A function or a nested clause that is a clause or a non-finite
 * phrase is built by the clause layer (structure-ud-clause.ts), which this layer calls back.
 */

export interface ClauseOptions {
  /** Whole subtrees that belong elsewhere (the outer subject and copula of "What X was Y"). */
  exclude?: Set<number>;
  /** A non-finite phrase: no 谓语, the verb highlighted on the phrase. */
  phrase?: boolean;
  /** The main clause: parataxis clauses stand beside it. */
  top?: boolean;
  /** Words the clause covers beyond its head's subtree (the wh-word of a free relative). */
  cover?: number[];
  /** Functions given from outside (that wh-word's function). */
  extra?: Fn[];
  /** Gray the coordinator: a clause coordinated with the one before it. */
  grayCc?: boolean;
}

export abstract class PhraseLayer extends UdTree {
  /** The clause (or phrase) headed by `h`, then the clauses coordinated with it that stand beside it. */
  protected abstract clause(h: number, label: string, o?: ClauseOptions): SpanNode[];

  /** The node of function `f`: its clause or phrase, or its head highlighted with what nests in it. */
  fnNode(f: Fn): SpanNode | undefined {
    if (f.words.size === 0) return undefined;
    const node = this.span(f.words, f.label);
    const k = f.head;
    if (!f.nominal && this.isClausal(k)) {
      node.children = this.clauseOrPhrase(k, f.label);
      return node;
    }
    const free = f.nominal ? undefined : this.freeRelative(k);
    if (free !== undefined) {
      node.children = this.freeRelativeClause(k, free, f.label, f.words);
      return node;
    }
    node.highlight = this.conjHeads(k).filter((x) => f.words.has(x));
    const skip = new Set(f.inner ? this.kids[k].filter((x) => !f.inner?.includes(x)) : []);
    for (const x of this.kids[k]) if (!f.words.has(x)) skip.add(x);
    const inner = this.nested(k, skip);
    if (inner.length) node.children = inner;
    return node;
  }

  /** The relative clause of a free relative ("what he said": what ← said), when `k` heads one. */
  private freeRelative(k: number): number | undefined {
    if (!/^(what|who|whom|which|how|where|when)(ever)?$/.test(this.lower[k])) return undefined;
    return this.kids[k].find((x) => this.rel(x) === 'acl:relcl' && x > k);
  }

  private freeRelativeClause(wh: number, r: number, fnLabel: string, words: Set<number>): SpanNode[] {
    const label = nounClauseLabel(fnLabel === '真正主语' ? '主语' : fnLabel) ?? '宾语从句';
    const role = !this.hasSubject(r)
      ? '主语'
      : this.has(r, 'cop') || this.w[r].lemma === 'be'
        ? '表语'
        : !this.has(r, 'obj', 'ccomp') && this.w[r].upos === 'VERB'
          ? '宾语'
          : '状语';
    const outside = (x: number) => ['case', 'punct', 'cc', 'mark'].includes(this.base(x));
    const whWords = new Set([wh, ...this.kids[wh].filter((x) => x !== r && x < r && !outside(x)).flatMap((x) => this.sub(x))]);
    words = new Set([...words].filter((x) => !this.kids[wh].some((y) => outside(y) && this.sub(y).includes(x))));
    const extra: Fn = {
      label: role,
      head: wh,
      words: whWords,
      inner: [...this.kids[wh]].filter((x) => whWords.has(x)),
      nominal: true,
    };
    return this.clause(r, label, { cover: [...words], extra: [extra] });
  }

  private clauseOrPhrase(k: number, fnLabel: string): SpanNode[] {
    if (this.isFinite(k)) return this.clause(k, clauseLabel(this, k, fnLabel));
    return this.clause(k, phraseLabel(this, k, fnLabel), { phrase: true });
  }

  // ── what nests inside a noun phrase ────────────────────────────────────────────────────────

  /** The clauses, phrases and appositives inside the phrase headed by `h`, outermost first. */
  nested(h: number, skip: Set<number>): SpanNode[] {
    const out: SpanNode[] = [];
    const visit = (y: number) => {
      for (const k of this.kids[y]) {
        if (y === h && skip.has(k)) continue;
        const nodes = this.nestedNodes(k);
        if (nodes) out.push(...nodes);
        else visit(k);
      }
    };
    visit(h);
    return out.sort((a, b) => a.start - b.start);
  }

  private nestedNodes(k: number): SpanNode[] | undefined {
    const rel = this.rel(k);
    const base = this.base(k);
    const clausal = this.isClausal(k);
    const free = this.freeRelative(k);
    if (free !== undefined) return this.freeRelativeClause(k, free, '宾语', new Set(this.sub(k)));
    if (rel === 'acl:relcl' || rel === 'advcl:relcl') return clausal ? this.clause(k, relativeLabel(this, k)) : undefined;
    if (base === 'acl' && clausal) return this.clauseOrPhrase(k, '定语');
    if (base === 'advcl' && clausal) {
      const f = this.fnNode({ label: '状语', head: k, words: new Set(this.sub(k)) });
      return f ? [f] : undefined;
    }
    if ((base === 'ccomp' || base === 'xcomp') && clausal) return this.clauseOrPhrase(k, '宾语');
    if (base === 'csubj' && clausal) return this.clauseOrPhrase(k, '主语');
    if (base === 'parataxis' && clausal) return this.clause(k, '插入语');
    if ((base === 'conj' || base === 'list') && this.hasSubject(k)) return this.clause(k, '并列句');
    if (base === 'appos') {
      const f = this.fnNode({ label: '同位语', head: k, words: new Set(this.sub(k)) });
      return f ? [f] : undefined;
    }
    return undefined;
  }
}
