import type { SpanNode } from '../../lib/contract';
import { baseRelation, type UdSentence, type UdWord } from '../language/ud';
import { adverbialClauseLabel, nounClauseLabel } from './structure-lexicon';
import { sanitizeSpans } from './structure-tree';
import type { SentenceStructure } from './types';

/*
 * The layered structure of a sentence from its Universal Dependencies tree: the same labels and
 * layers as the Link Grammar builder (structure.ts), read from relations instead of links.
 *
 * A clause is a predicate word (a verb, or the noun or adjective a copula joins to its subject)
 * with its dependents. In a clause:
 *   - the verb group is its auxiliaries (aux, aux:pass), copula, negation (not, n't), particle
 *     (compound:prt) and the verb itself, one 谓语 per run of them that nothing interrupts ("Did |
 *     you | see"), the main verb (or the copula) highlighted;
 *   - each other dependent is a function over its subtree: nsubj 主语, obj 宾语, iobj 间接宾语,
 *     obl/advmod/advcl 状语, ccomp 宾语 (表语 after a copula), xcomp 宾语/表语/宾语补足语, the noun
 *     or adjective after a copula 表语, expl 形式主语 with the nsubj or csubj beside it 真正主语,
 *     appos 同位语, discourse/vocative/parataxis 插入语; marks (that, because, to) are gray;
 *   - a function that is a clause or a non-finite phrase (ccomp, csubj, advcl, xcomp, a free
 *     relative "what he said") has that clause as its one child and no highlight of its own; a
 *     noun phrase highlights its head and every conjunct ("Tom and Mary"), and holds the clauses
 *     and phrases found in it (relative clauses, appositive clauses, participles, appositives);
 *   - a conj verb without its own subject is a second predicate of the same clause ("sang and
 *     danced"); with its own subject it is a clause beside it (并列句 at the top), as is a
 *     parataxis clause at the top.
 * Non-finite phrases (不定式短语, 动名词短语, 现在/过去分词短语, 独立主格结构) are built like clauses
 * but without a 谓语: the phrase highlights its verb and grays its "to", and its objects and
 * adverbials are functions inside it. "What X was Y" (EWT's nsubj:outer) is one clause whose 主语
 * is X and whose 表语 is the clause Y. A root that is no predicate (a heading, a name) is a 片段.
 *
 * UD splits clitics ("ca n't", "company 's"); the structure's words join them back (joinClitics)
 * and every position is in the joined words. Positions inside this file are the tree's, 0-based.
 */

/** The words a learner sees, and where each of the tree's words went among them. */
export interface JoinedWords {
  words: string[];
  /** `positions[i]` is the index in `words` of the tree's word i (0-based). */
  positions: number[];
}

const clitic = /^(n['’]t|['’](s|re|ll|ve|d|m))$/i;
/** Pairs written as one word that UD splits without an apostrophe: gon|na, wan|na, got|ta, can|not. */
const splitPairs = new Set(['gon na', 'wan na', 'got ta', 'can not', 'gim me', 'lem me']);

/**
 * Joins each clitic the tree split off back onto the word before it ("ca" "n't" → "can't",
 * "company" "'s" → "company's") when no space separated them in the text, and the parts of a
 * hyphenated word EWT splits ("Al - Qaeda" → "Al-Qaeda"). Other punctuation stays a word of its own.
 */
export function joinClitics(words: readonly Pick<UdWord, 'form' | 'noSpaceAfter'>[]): JoinedWords {
  const out: string[] = [];
  const positions: number[] = [];
  const hyphen = (i: number) =>
    words[i]?.form === '-' &&
    words[i - 1]?.noSpaceAfter === true &&
    words[i].noSpaceAfter === true &&
    /\w$/.test(words[i - 1].form) &&
    /^\w/.test(words[i + 1]?.form ?? '');
  words.forEach((w, i) => {
    const prev = words[i - 1];
    const joins =
      prev?.noSpaceAfter === true &&
      (clitic.test(w.form) || splitPairs.has(`${prev.form.toLowerCase()} ${w.form.toLowerCase()}`) || hyphen(i) || hyphen(i - 1));
    if (joins && out.length) out[out.length - 1] += w.form;
    else out.push(w.form);
    positions.push(out.length - 1);
  });
  return { words: out, positions };
}

/** The layered span tree of a sentence's UD tree. Never throws: a tree it cannot read gives one node. */
export function structureOfTree(tree: UdSentence): SentenceStructure {
  const { words, positions } = joinClitics(tree.words);
  if (words.length === 0) return { words, spans: [] };
  let spans: SpanNode[];
  try {
    spans = new Builder(tree.words).build();
  } catch {
    // A tree it cannot read (a cycle, a head out of range) is one fragment rather than no answer.
    spans = [];
  }
  if (spans.length === 0) spans = [{ start: 0, end: tree.words.length, label: '片段' }];
  return { words, spans: sanitizeSpans(remap(spans, positions), words.length) };
}

/**
 * The tree in joined words. Two siblings can meet inside one joined word ("it" and "'s" of
 * "it's"): the earlier keeps it and the later starts after it, or goes when nothing is left.
 */
function remap(spans: SpanNode[], positions: number[]): SpanNode[] {
  const at = (i: number) => positions[Math.max(0, Math.min(positions.length - 1, i))];
  const out: SpanNode[] = [];
  let floor = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const start = at(s.start);
    const end = at(s.end - 1) + 1;
    const node: SpanNode = { start: start < floor && end > floor ? floor : start, end, label: s.label };
    if (node.start >= node.end || (start < floor && end <= floor)) continue;
    if (s.gray) node.gray = [...new Set(s.gray.map(at))];
    if (s.highlight) node.highlight = [...new Set(s.highlight.map(at))];
    if (s.children) node.children = remap(s.children, positions);
    out.push(node);
    floor = Math.max(floor, end);
  }
  return out;
}

// ── the word classes the relations leave open ─────────────────────────────────────────────────

/** Verbs whose complement describes the subject: "seems happy", "became a teacher". */
const copularLemmas = new Set(
  'be become remain stay turn seem appear look sound feel prove grow get go keep taste smell'.split(' '),
);
const negations = new Set(['not', "n't", 'n’t', 'never']);
const finiteTags = new Set(['MD', 'VBD', 'VBZ', 'VBP']);
const groupRelations = new Set(['aux', 'aux:pass', 'cop', 'compound:prt']);
/** Functions whose head is a noun phrase, from which an appositive set off by a comma stands apart. */
const nominalFunctions = new Set(['主语', '真正主语', '宾语', '间接宾语', '表语', '状语', '宾语补足语']);
/** Wh-adverbs that open an adverbial clause in EWT as its advmod ("when I come over"). */
const liftedFunctions: Record<string, string> = { nsubj: '主语', obj: '宾语', iobj: '间接宾语', obl: '状语', advmod: '状语' };
/** Dependents of a noun or adjective predicate that are not part of its 表语. */
const outsideNominal = new Set(['cc', 'punct', 'mark', 'dep', 'list', 'reparandum', 'dislocated', 'orphan', 'goeswith']);
const whOpeners = new Set(['when', 'whenever', 'where', 'wherever', 'while', 'once']);

interface Fn {
  label: string;
  head: number;
  /** The words of the function, within its clause. */
  words: Set<number>;
  /** The head's dependents that are not part of it (a copula's 表语 leaves the subject out). */
  inner?: number[];
  /** The head is not a clause here even if it looks like one (the 表语 of its own copula). */
  nominal?: boolean;
}

interface ClauseOptions {
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

class Builder {
  private readonly n: number;
  private readonly lower: string[];
  private readonly kids: number[][];
  private readonly subtrees = new Map<number, number[]>();

  constructor(private readonly w: readonly UdWord[]) {
    this.n = w.length;
    this.lower = w.map((x) => x.form.toLowerCase());
    this.kids = w.map(() => []);
    w.forEach((x, i) => {
      const h = x.head - 1;
      if (h >= 0 && h < this.n && h !== i) this.kids[h].push(i);
    });
  }

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

  // ── what a word is ─────────────────────────────────────────────────────────────────────────

  private rel = (i: number) => this.w[i].deprel;
  private base = (i: number) => baseRelation(this.w[i].deprel);
  private isVerbal = (i: number) => this.w[i].upos === 'VERB' || this.w[i].upos === 'AUX';
  private has = (i: number, ...rels: string[]) => this.kids[i].some((k) => rels.includes(this.rel(k)));
  private kidsWith = (i: number, ...rels: string[]) => this.kids[i].filter((k) => rels.includes(this.rel(k)));
  private hasSubject = (i: number) => this.kids[i].some((k) => ['nsubj', 'csubj', 'expl'].includes(this.base(k)));

  /** A root that makes a clause: a verb, or a word a copula joins to its subject. */
  private isPredicate(i: number): boolean {
    return this.isVerbal(i) || this.has(i, 'cop') || this.kids[i].some((k) => ['nsubj', 'csubj'].includes(this.base(k)));
  }

  /** A dependent that is a clause or a verb phrase rather than a noun or adjective phrase. */
  private isClausal(i: number): boolean {
    if (this.isVerbal(i)) return !this.has(i, 'det');
    return this.has(i, 'cop') || (this.hasSubject(i) && this.has(i, 'aux', 'aux:pass'));
  }

  /** The verb words of a predicate in order: auxiliaries, copula, the verb. */
  private verbsOf(i: number, ex?: Set<number>): number[] {
    const own = this.isVerbal(i) ? [i] : [];
    return [...this.kidsWith(i, 'aux', 'aux:pass', 'cop').filter((k) => !ex?.has(k)), ...own].sort((a, b) => a - b);
  }

  private isFinite(i: number, ex?: Set<number>): boolean {
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

  private sub(i: number): number[] {
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
  private trim(words: Iterable<number>): number[] {
    const sorted = [...new Set(words)].sort((a, b) => a - b);
    let a = 0;
    let b = sorted.length;
    while (a < b - 1 && this.w[sorted[a]].upos === 'PUNCT') a++;
    while (b - 1 > a && this.w[sorted[b - 1]].upos === 'PUNCT') b--;
    return sorted.slice(a, b);
  }

  private span(words: Iterable<number>, label: string): SpanNode {
    const t = this.trim(words);
    return { start: t[0], end: t[t.length - 1] + 1, label };
  }

  /** A head and its conjuncts: "Tom and Mary" → Tom, Mary. */
  private conjHeads(i: number): number[] {
    const out = [i];
    for (const k of this.kids[i]) if (this.rel(k) === 'conj' && !this.isClausal(k)) out.push(...this.conjHeads(k));
    return out;
  }

  // ── clauses ────────────────────────────────────────────────────────────────────────────────

  /** The clause (or phrase) headed by `h`, then the clauses coordinated with it that stand beside it. */
  private clause(h: number, label: string, o: ClauseOptions = {}): SpanNode[] {
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
      const group = this.group(p, kids);
      groups.push(group);
      const nominal = !this.isVerbal(p);
      const copula = kids.find((k) => this.rel(k) === 'cop');
      const inner: number[] = [];
      const expl = kids.some((k) => this.base(k) === 'expl');
      for (const k of kids) {
        if (group.includes(k)) continue;
        const role = this.role(p, k, { nominal, copula, expl, kids, grayCc: o.grayCc === true, phrase: o.phrase === true });
        if (role === 'gray') gray.push(k);
        else if (role === undefined) {
          if (nominal) inner.push(k);
        } else fns.push(...this.fn(role, k, own));
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
          if (!accepted.includes(k) && ['obl', 'advmod', 'nmod'].includes(this.base(k))) fns.push(...this.fn('状语', k, own));
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
        children.push(...this.predicateNodes(group, main));
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
    fns.push(...this.fn('主语', outer, own));
    const gray: number[] = [];
    for (const k of kids) {
      if (outside.has(k) || k > cop) continue;
      if (this.base(k) === 'punct') {
        outside.add(k);
      } else if (this.base(k) === 'cc' && k < outer) {
        outside.add(k);
        if (o.grayCc) gray.push(k);
      } else if (['advmod', 'obl', 'advcl', 'discourse'].includes(this.base(k))) {
        fns.push(...this.fn(this.base(k) === 'discourse' ? '插入语' : '状语', k, own));
        for (const x of this.sub(k)) outside.add(x);
      }
    }
    const trailing = kids.filter(
      (k) => this.base(k) === 'punct' && k > Math.max(...this.sub(h).filter((x) => this.base(x) !== 'punct')),
    );
    for (const k of trailing) outside.add(k);
    const rest = [...own].filter((x) => !outside.has(x));
    const children: SpanNode[] = [
      ...this.predicateNodes(
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
        : this.clause(h, this.phraseLabel(h, '表语', exclude), { exclude, phrase: true });
      children.push({ ...this.span(rest, '表语'), children: inner });
    }
    children.sort((a, b) => a.start - b.start);
    return [{ ...this.span(own, label), children, ...(gray.length ? { gray } : {}) }];
  }

  private head(i: number): number {
    return this.w[i].head - 1;
  }

  /** The verb group of predicate `p`: its verb, auxiliaries, copula, negation, particle, and the adverbs between. */
  private group(p: number, kids: number[]): number[] {
    const out = this.isVerbal(p) ? [p] : [];
    for (const k of kids) {
      if (groupRelations.has(this.rel(k))) out.push(k);
      else if (this.base(k) === 'advmod' && (this.lower[k] === 'not' || this.lower[k] === "n't" || this.lower[k] === 'n’t'))
        out.push(k);
    }
    if (out.length === 0) return out;
    const lo = Math.min(...out);
    const hi = Math.max(...out);
    for (const k of kids) {
      if (k > lo && k < hi && this.base(k) === 'advmod' && this.kids[k].length === 0 && !out.includes(k)) out.push(k);
    }
    return out.sort((a, b) => a - b);
  }

  /** One 谓语 per run of the verb group that no other word interrupts. */
  private predicateNodes(group: number[], main: number): SpanNode[] {
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
  private role(
    p: number,
    k: number,
    c: { nominal: boolean; copula?: number; expl: boolean; kids: number[]; grayCc: boolean; phrase: boolean },
  ): string | undefined {
    const rel = this.rel(k);
    const base = this.base(k);
    const hasObject = c.kids.some((x) => this.rel(x) === 'obj');
    const copular = c.copula !== undefined || copularLemmas.has(this.w[p].lemma.toLowerCase());
    switch (base) {
      case 'nsubj':
      case 'csubj':
        return c.expl && rel !== 'nsubj:outer' ? '真正主语' : '主语';
      case 'expl':
        return this.lower[k] === 'it' && k > p && !c.nominal && c.kids.some((x) => this.base(x) === 'nsubj')
          ? '形式宾语'
          : '形式主语';
      case 'obj':
        // A second object set off by a comma after the first sums it up (raised rates, a decision …).
        if (c.kids.some((x) => x < k && this.rel(x) === 'obj') && this.summaryAppositive(k, p)) return '同位语';
        return '宾语';
      case 'iobj':
        return '间接宾语';
      case 'ccomp':
        if (this.extraposed(k, p, c)) return '真正主语';
        if (c.nominal) return undefined;
        return copular ? '表语' : '宾语';
      case 'xcomp':
        if (c.nominal) return c.expl ? '真正主语' : undefined;
        if (hasObject) return '宾语补足语';
        if (this.has(p, 'aux:pass') && !this.isClausal(k)) return '主语补足语';
        if (copular || !this.isClausal(k)) return '表语';
        return '宾语';
      case 'advcl':
        return this.extraposed(k, p, c) ? '真正主语' : '状语';
      case 'obl':
        if (this.summaryAppositive(k, p)) return '同位语';
        if (c.nominal && this.w[p].upos === 'ADJ' && k > p) return undefined;
        return '状语';
      case 'advmod':
        if (c.nominal && c.copula !== undefined && k > c.copula && k < p) return undefined;
        if (c.nominal && c.copula === undefined && k < p && k === p - 1) return undefined;
        return '状语';
      case 'nmod':
        return c.nominal
          ? undefined
          : rel === 'nmod:tmod' || rel === 'nmod:npmod' || rel === 'nmod:unmarked'
            ? '状语'
            : undefined;
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
  private summaryAppositive(k: number, p: number): boolean {
    if (k < p || !['NOUN', 'PROPN'].includes(this.w[k].upos)) return false;
    if (this.kids[k].some((x) => this.base(x) === 'case')) return false;
    if (!this.kids[k].some((x) => this.base(x) === 'det' && x < k)) return false;
    // The comma may hang from the phrase itself: the word before its first non-punctuation word.
    const first = this.trim(this.sub(k))[0];
    return first > 0 && this.w[first - 1].form === ',';
  }

  /**
   * A that-, whether- or to-clause after the predicate of an expletive "it" with no subject of its
   * own is the real subject, however the parser attached it ("It is important that you come":
   * EWT's csubj, which a parser may give as advcl or ccomp).
   */
  private extraposed(k: number, p: number, c: { expl: boolean; kids: number[] }): boolean {
    if (!c.expl || k < p) return false;
    if (c.kids.some((x) => ['nsubj', 'csubj'].includes(this.base(x)))) return false;
    if (!c.kids.some((x) => this.base(x) === 'expl' && this.lower[x] === 'it' && x < p)) return false;
    return this.kids[k].some((x) => this.base(x) === 'mark' && ['that', 'whether', 'to'].includes(this.lower[x]));
  }

  /** The function `label` over dependent `k`, and an appositive set off beside it. */
  private fn(label: string, k: number, own: Set<number>): Fn[] {
    const words = new Set(this.sub(k).filter((x) => own.has(x)));
    const out: Fn[] = [{ label, head: k, words }];
    if (nominalFunctions.has(label) && !this.isClausal(k)) {
      for (const a of this.kids[k]) {
        if (this.rel(a) !== 'appos') continue;
        const aw = this.trim(this.sub(a));
        const before = this.w[aw[0] - 1];
        if (!before || !['PUNCT'].includes(before.upos) || !words.has(aw[0] - 1)) continue;
        for (const x of this.sub(a)) words.delete(x);
        out.push({ label: '同位语', head: a, words: new Set(this.sub(a).filter((x) => own.has(x))) });
      }
    }
    return out;
  }

  private fnNode(f: Fn): SpanNode | undefined {
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
    if (this.isFinite(k)) return this.clause(k, this.clauseLabel(k, fnLabel));
    return this.clause(k, this.phraseLabel(k, fnLabel), { phrase: true });
  }

  private clauseLabel(k: number, fnLabel: string): string {
    const rel = this.rel(k);
    if (rel === 'acl:relcl') return this.relativeLabel(k);
    if (fnLabel === '状语') return this.adverbialLabel(k);
    if (rel === 'acl') {
      const marker = this.kidsWith(k, 'mark').map((m) => this.lower[m]);
      return marker.includes('that') || marker.includes('whether') ? '同位语从句' : '定语从句';
    }
    if (fnLabel === '插入语' || fnLabel === '主句') return fnLabel;
    return nounClauseLabel(fnLabel === '真正主语' ? '主语' : fnLabel) ?? '宾语从句';
  }

  private relativeLabel(k: number): string {
    const start = this.trim(this.sub(k))[0];
    return this.lower[start - 1] === ',' ? '非限制性定语从句' : '定语从句';
  }

  private adverbialLabel(k: number): string {
    const marks = this.kidsWith(k, 'mark').sort((a, b) => a - b);
    let opener: number | undefined = marks[0];
    if (opener !== undefined) {
      const fixed = this.kidsWith(opener, 'fixed');
      if (fixed.length) opener = Math.max(...fixed);
    } else {
      const first = this.trim(this.sub(k))[0];
      if (whOpeners.has(this.lower[first])) opener = first;
    }
    if (opener === undefined) return '状语从句';
    const governor = this.head(k);
    const o = this.lower[opener];
    if (o === 'as' && governor >= 0 && this.kids[governor].some((x) => this.lower[x] === 'as' && this.base(x) === 'advmod'))
      return '比较状语从句';
    const perfect = governor >= 0 && this.kids[governor].some((x) => this.base(x) === 'aux' && this.w[x].lemma === 'have');
    return adverbialClauseLabel(o, this.lower[opener - 1] ?? '', perfect, this.lower[opener - 2] ?? '');
  }

  private phraseLabel(k: number, fnLabel: string, ex?: Set<number>): string {
    if (this.kids[k].some((x) => this.base(x) === 'nsubj' && !ex?.has(x))) return '独立主格结构';
    const verbs = this.verbsOf(k, ex);
    const first = this.w[verbs[0] ?? k];
    if (this.kids[k].some((x) => this.rel(x) === 'mark' && this.lower[x] === 'to')) return '不定式短语';
    if (first.xpos === 'VBG' || first.feats.VerbForm === 'Ger') {
      const nominalUse = ['主语', '真正主语', '宾语', '表语'].includes(fnLabel);
      const afterPreposition = this.kids[k].some((x) => (this.base(x) === 'mark' || this.base(x) === 'case') && x < k);
      return nominalUse || afterPreposition ? '动名词短语' : '现在分词短语';
    }
    if (first.xpos === 'VBN' || (first.feats.VerbForm === 'Part' && first.feats.Tense === 'Past')) return '过去分词短语';
    return '不定式短语';
  }

  // ── what nests inside a noun phrase ────────────────────────────────────────────────────────

  /** The clauses, phrases and appositives inside the phrase headed by `h`, outermost first. */
  private nested(h: number, skip: Set<number>): SpanNode[] {
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
    if (rel === 'acl:relcl' || rel === 'advcl:relcl') return clausal ? this.clause(k, this.relativeLabel(k)) : undefined;
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
