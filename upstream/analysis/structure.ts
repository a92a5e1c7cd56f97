import type { SpanNode } from '../../lib/contract';
import type { Constituent, Parse } from '../parser/link-grammar';
import {
  adverbialClauseLabel,
  beForms,
  complexTransitives,
  copulas,
  doForms,
  haveForms,
  intensifiers,
  modals,
  nounClauseLabel,
  relativePronouns,
  whWords,
} from './structure-lexicon';
import { sanitizeSpans, shiftSpans } from './structure-tree';
import type { SentenceStructure } from './types';

/*
 * The layered structure of a sentence from its Link Grammar linkage.
 *
 * The links say who does what: S/SI/SF/SX join a subject and its finite verb, PP/Pv/Pg/I chain
 * the auxiliaries to the main verb, O is an object, P (Pa, Pp) or O after a copula a complement,
 * MV/E/CO adverbials, B/R/RS relative clauses, CV/C/TH/QI clause openers, TO infinitives, Mg/Mv
 * participle modifiers. From them:
 *   1. every finite verb group (a verb with a subject, or an imperative) is a clause; those the
 *      wall links to are the main clauses (主句), the others nest;
 *   2. inside a clause, each function is the part of the linkage reachable from its head word
 *      without crossing the verb group or another function's head, kept within the clause;
 *   3. inside a function, the verb groups and non-finite phrases found there become its children
 *      (a relative clause inside the subject, a noun clause that is the object, an adverbial
 *      clause inside a 状语), each built the same way, to any depth.
 * Adverbial clauses are always children of a 状语 function node that spans them; the subordinator
 * is gray. Non-finite phrases (不定式短语, 动名词短语, 分词短语) carry no functions of their own,
 * only the clauses nested in them: their objects are not a finite clause's objects.
 * Expletive "there"/"it" is the subject; the noun after there-be is labelled 表语 (the parser links
 * it as the complement of "be"). A function that is wholly a noun clause has no highlight: its
 * head is the clause. Positions inside this file are the parse's (LEFT-WALL is 0); the answer's
 * are one less.
 */

interface Edge {
  to: number;
  label: string;
  /** The link type without its subscripts: S, SI, O, MV… */
  up: string;
  /** Whether this word is the link's left end. */
  left: boolean;
}

type Kind = 'finite' | 'inf' | 'ing' | 'ed';

interface Unit {
  kind: Kind;
  /** The verb group, in order (for a finite clause: auxiliaries, negation, main verb). */
  chain: number[];
  main: number;
  subject?: number;
}

interface Graph {
  n: number;
  words: string[];
  lower: string[];
  subs: string[];
  edges: Edge[][];
}

const adverbLike = new Set(['well', 'home', 'here', 'there', 'today', 'yesterday', 'tomorrow', 'tonight', 'abroad']);
const subjectLinks = new Set(['S', 'SF', 'SX']);
const invertedSubjectLinks = new Set(['SI', 'SFI', 'SXI']);
const clauseLinks = new Set(['C', 'CE', 'CS', 'CR', 'CP', 'CQ']);

/** The layered span tree of a parsed sentence. Never throws: a linkage it cannot read gives one 主句. */
export function structureOf(parse: Parse): SentenceStructure {
  const words = wordsOf(parse);
  if (words.length === 0) return { words, spans: [] };
  let spans: SpanNode[];
  try {
    spans = new Builder(graphOf(parse, words)).build();
  } catch {
    spans = [];
  }
  if (spans.length === 0) spans = [{ start: 1, end: words.length + 1, label: '主句' }];
  return { words, spans: sanitizeSpans(shiftSpans(spans, -1), words.length) };
}

/**
 * The sentence's words. link-parser wraps a long word line, and the reader may keep only its
 * first part; the constituent tree always has every word, so it fills in the rest.
 */
function wordsOf(parse: Parse): string[] {
  const last = parse.words.at(-1) === 'RIGHT-WALL' ? parse.words.length - 1 : parse.words.length;
  const listed = parse.words.slice(1, last);
  const leaves: string[] = [];
  const walk = (node: Constituent | string) => {
    if (typeof node === 'string') leaves.push(node.replace(/^\{(.+)\}$/, '$1').replace(/\[[?!~]\]/g, ''));
    else for (const child of node.children ?? []) walk(child);
  };
  try {
    if (parse.tree) walk(parse.tree);
  } catch {
    // A malformed tree leaves the listed words.
  }
  const fromTree = leaves.filter((w) => w !== 'LEFT-WALL' && w !== 'RIGHT-WALL');
  const all = fromTree.length > listed.length ? [...listed, ...fromTree.slice(listed.length)] : listed;
  // A word the linkage left out is listed as "[word]".
  return all.map((w) => (w.length > 2 ? w.replace(/^\[(.+)\]$/, '$1') : w));
}

function graphOf(parse: Parse, words: string[]): Graph {
  const n = words.length;
  const edges: Edge[][] = Array.from({ length: n + 1 }, () => []);
  for (const link of parse.links ?? []) {
    const { left, right, label } = link;
    if (!Number.isInteger(left) || !Number.isInteger(right) || left < 0 || right > n || left >= right) continue;
    const up = /^[A-Z]+/.exec(label)?.[0] ?? label;
    edges[left].push({ to: right, label, up, left: true });
    edges[right].push({ to: left, label, up, left: false });
  }
  const full = ['LEFT-WALL', ...words];
  return {
    n,
    words: full,
    lower: full.map((w) => w.toLowerCase()),
    subs: full.map((_, i) => parse.subscripts?.[i] ?? ''),
    edges,
  };
}

interface Fn {
  label: string;
  head: number;
  /** The head is a clause opener or wh-word whose clause fills the function. */
  clausal?: boolean;
}

class Builder {
  private readonly units: Unit[];
  /** Edges not to follow when gathering a function: "so … that" clauses hang from the adjective. */
  private readonly cut = new Set<string>();
  /** Openers of result clauses ("that" after so/such), gray in their clause. */
  private readonly resultOpeners = new Set<number>();

  constructor(private readonly g: Graph) {
    this.units = this.finiteUnits();
    this.findResultClauses();
  }

  build(): SpanNode[] {
    const { g } = this;
    if (this.units.length === 0) return [];
    let roots = this.units.filter((u) => this.wallLinked(u));
    if (roots.length === 0) roots = this.units.filter((u) => !this.isSubordinate(u));
    if (roots.length === 0) roots = [this.units[0]];
    roots.sort((a, b) => a.chain[0] - b.chain[0]);
    if (roots.length === 1) return [this.clause(roots[0], 1, g.n, '主句')];
    const blockedFor = (u: Unit) =>
      new Set(roots.filter((r) => r !== u).flatMap((r) => [...r.chain, ...(r.subject ? [r.subject] : [])]));
    const ranges = roots.map((u) => {
      const reach = this.reach([...u.chain, ...(u.subject ? [u.subject] : [])], 1, g.n, blockedFor(u));
      return [Math.min(...reach), Math.max(...reach)];
    });
    ranges[0][0] = 1;
    ranges[ranges.length - 1][1] = g.n;
    const nodes: SpanNode[] = [];
    let floor = 1;
    roots.forEach((u, i) => {
      const start = Math.max(ranges[i][0], floor);
      const end = ranges[i][1];
      if (end < start) return;
      nodes.push(this.clause(u, start, end, '主句'));
      floor = end + 1;
    });
    return nodes;
  }

  // ── verb groups ────────────────────────────────────────────────────────────────────────────

  private finiteUnits(): Unit[] {
    const { g } = this;
    const heads = new Set<number>();
    const subjectOf = new Map<number, number>();
    for (let w = 1; w <= g.n; w++) {
      for (const e of g.edges[w]) {
        if (e.to === 0) {
          if (e.up === 'W' && e.label.startsWith('Wi')) heads.add(w);
          continue;
        }
        if (subjectLinks.has(e.up) && !e.left) {
          heads.add(w);
          if (!subjectOf.has(w)) subjectOf.set(w, e.to);
        } else if (invertedSubjectLinks.has(e.up) && e.left) {
          heads.add(w);
          if (!subjectOf.has(w)) subjectOf.set(w, e.to);
        } else if (e.up === 'RS' && !e.left) {
          heads.add(w);
          subjectOf.set(w, e.to);
        }
      }
    }
    const units: Unit[] = [];
    const inChain = new Set<number>();
    for (const h of [...heads].sort((a, b) => a - b)) {
      if (inChain.has(h)) continue;
      const chain = this.chainFrom(h);
      for (const w of chain) inChain.add(w);
      units.push({ kind: 'finite', chain, main: this.mainOf(chain), subject: subjectOf.get(h) });
    }
    // A head swallowed by an earlier chain ("did … see") is not a clause of its own.
    return units.filter((u) => u.chain[0] === u.chain.find((w) => heads.has(w)));
  }

  /** The verb group starting at `start`: auxiliaries chained to the main verb, negation, inner adverbs. */
  private chainFrom(start: number): number[] {
    const { g } = this;
    const chain = [start];
    let cur = start;
    for (let guard = 0; guard < 12; guard++) {
      const w = g.lower[cur];
      let next: number | undefined;
      for (const e of g.edges[cur]) {
        if (!e.left || chain.includes(e.to)) continue;
        if (e.up === 'PP' && haveForms.has(w)) next = e.to;
        else if ((e.up === 'PV' || e.label.startsWith('Pv')) && (beForms.has(w) || /^get|^got/.test(w))) next = e.to;
        else if (e.label.startsWith('Pg') && beForms.has(w)) next = e.to;
        else if (e.up === 'I' && (modals.has(w) || doForms.has(w) || w === 'to')) next = e.to;
        else if (
          (e.up === 'O' || e.up === 'P') &&
          beForms.has(w) &&
          e.to === cur + 1 &&
          /ing$/.test(g.lower[e.to]) &&
          g.subs[e.to] !== 'n'
        )
          next = e.to;
        if (next !== undefined) break;
      }
      // "be going to do": the infinitive is the main verb.
      if (next === undefined && w === 'going' && chain.length > 1) {
        const to = g.edges[cur].find((e) => e.left && e.up === 'TO' && e.to === cur + 1);
        if (to) next = to.to;
      }
      if (next === undefined) break;
      chain.push(next);
      cur = next;
    }
    const lo = Math.min(...chain);
    const hi = Math.max(...chain);
    for (const c of [...chain]) {
      for (const e of g.edges[c]) {
        if (chain.includes(e.to)) continue;
        if (e.up === 'N' && e.left) chain.push(e.to);
        else if ((e.up === 'E' || e.up === 'EB') && e.to > lo && e.to < hi) chain.push(e.to);
        else if (e.up === 'K' && e.left && e.to === hi + 1 && c === hi) chain.push(e.to);
      }
    }
    return [...new Set(chain)].sort((a, b) => a - b);
  }

  private mainOf(chain: number[]): number {
    const { g } = this;
    const verbs = chain.filter((w) => !['N', 'E', 'EB', 'K'].some((up) => this.linkedBy(w, up, chain)) || w === chain[0]);
    const main = verbs.at(-1) ?? chain[0];
    return g.lower[main] === 'to' ? chain[0] : main;
  }

  private linkedBy(w: number, up: string, among: number[]): boolean {
    return this.g.edges[w].some((e) => e.up === up && among.includes(e.to) && (up === 'E' ? e.left : !e.left));
  }

  private wallLinked(u: Unit): boolean {
    const { g } = this;
    const onChain = u.chain.some((w) => g.edges[w].some((e) => e.up.startsWith('W') && !e.left));
    const onSubject = u.subject !== undefined && g.edges[u.subject].some((e) => e.up.startsWith('W') && !e.left && e.to === 0);
    return (onChain || onSubject) && !this.isSubordinate(u);
  }

  private isSubordinate(u: Unit): boolean {
    const { g } = this;
    for (const w of u.chain) {
      for (const e of g.edges[w]) {
        if (e.left) continue;
        if (e.up === 'B' || e.up === 'RS' || (e.up === 'CV' && e.to !== 0)) return true;
      }
    }
    if (u.subject !== undefined && g.edges[u.subject].some((e) => !e.left && clauseLinks.has(e.up.toUpperCase()))) return true;
    return false;
  }

  /** "so tired that …", "such a … that …": the parser hangs the clause on the adjective as a relative. */
  private findResultClauses() {
    const { g } = this;
    for (let x = 1; x <= g.n; x++) {
      for (const e of g.edges[x]) {
        if (!e.left || e.up !== 'R' || g.lower[e.to] !== 'that') continue;
        const before = g.lower.slice(Math.max(1, x - 4), x);
        if (!before.includes('so') && !before.includes('such')) continue;
        this.resultOpeners.add(e.to);
        for (const f of g.edges[x]) {
          if (f.left && (f.up === 'B' || f.up === 'R') && f.to > x) {
            this.cut.add(`${x}:${f.to}`);
            this.cut.add(`${f.to}:${x}`);
          }
        }
      }
    }
  }

  // ── clauses ─────────────────────────────────────────────────────────────────────────────────

  /** A clause node over [a, b] (inclusive) with its functions and, inside them, their clauses. */
  private clause(u: Unit, a: number, b: number, label: string): SpanNode {
    const { g } = this;
    const inside = (w: number | undefined): w is number => w !== undefined && w >= a && w <= b;
    const chain = this.withCoordinated(u.chain).filter(inside);
    const fns: Fn[] = [];
    const gray: number[] = [];
    const openers = this.openersOf(u).filter(inside);
    const subject = inside(u.subject) && !chain.includes(u.subject) ? u.subject : undefined;
    if (subject !== undefined)
      fns.push({ label: '主语', head: subject, clausal: whWords.has(g.lower[subject]) && subject < chain[0] });
    const mainLower = g.lower[u.main];
    const copular = beForms.has(mainLower) || copulas.has(mainLower);

    // The relative pronoun or wh-word that stands for the gap after the verb ("the book that you lent").
    let gap: number | undefined;
    for (const w of u.chain) {
      for (const e of g.edges[w]) {
        if (e.left || e.up !== 'B') continue;
        const x = e.to;
        if (inside(x) && x !== subject) gap = x;
        else {
          const pronoun = g.edges[x].find((f) => f.left && f.up === 'R' && inside(f.to) && f.to !== subject);
          if (pronoun && !this.resultOpeners.has(pronoun.to)) gap = pronoun.to;
        }
      }
    }
    if (gap !== undefined && g.edges[gap].some((e) => e.up === 'J')) gap = undefined;
    if (gap !== undefined && subject !== undefined && gap === subject) gap = undefined;

    const objects: number[] = [];
    const complements: number[] = [];
    const adverbials: number[] = [];
    const clausalObjects: number[] = [];
    const infinitives: number[] = [];
    for (const c of chain) {
      for (const e of g.edges[c]) {
        const t = e.to;
        if (!inside(t) || chain.includes(t) || t === subject || openers.includes(t)) continue;
        const up = e.up;
        if (up === 'O' || up === 'OX') {
          if (e.left) objects.push(t);
        } else if (up === 'OF' || up === 'OD' || up === 'OT' || up === 'ON') {
          if (e.left) adverbials.push(t);
        } else if (up === 'P') {
          if (e.left && !e.label.startsWith('PF')) complements.push(t);
        } else if (up === 'MV' || up === 'K') {
          if (e.left) adverbials.push(t);
        } else if (up === 'E' || up === 'EB') {
          adverbials.push(t);
        } else if (up === 'TH' || up === 'QI') {
          if (e.left) clausalObjects.push(t);
        } else if (clauseLinks.has(up.toUpperCase())) {
          if (e.left) clausalObjects.push(t);
        } else if (up === 'CV') {
          if (e.left && !g.edges[c].some((f) => f.left && clauseLinks.has(f.up.toUpperCase()))) clausalObjects.push(t);
        } else if (up === 'TO') {
          if (e.left) infinitives.push(t);
        }
      }
    }
    // Openers before the clause: "Although …, we went", "Yesterday, I …" (CO to the subject or verb).
    for (const w of [...chain, ...(subject !== undefined ? [subject] : [])]) {
      for (const e of g.edges[w]) {
        if (!e.left && e.up === 'CO' && inside(e.to) && !openers.includes(e.to)) adverbials.push(e.to);
      }
    }
    // "It was Tom who broke the window": the clause hangs from the copula; it joins the complement.
    const cleft: number[] = [];
    for (const c of chain) {
      for (const e of g.edges[c]) {
        if (e.left && (e.up === 'B' || e.up === 'R') && inside(e.to) && !chain.includes(e.to)) cleft.push(e.to);
      }
    }

    // The parser sometimes links an adverb as an object ("sings well").
    for (const o of objects.filter((w) => adverbLike.has(g.lower[w]))) {
      objects.splice(objects.indexOf(o), 1);
      adverbials.push(o);
    }
    objects.sort((x, y) => x - y);
    const wh = (w: number) => whWords.has(g.lower[w]);
    if (copular) {
      for (const o of objects) fns.push({ label: '表语', head: o, clausal: wh(o) });
    } else if (gap !== undefined) {
      fns.push({ label: '宾语', head: gap });
      for (const o of objects) fns.push({ label: complexTransitives.has(mainLower) ? '宾语补足语' : '间接宾语', head: o });
    } else if (objects.length >= 2) {
      const complex = complexTransitives.has(mainLower);
      fns.push({ label: complex ? '宾语' : '间接宾语', head: objects[0] });
      for (const o of objects.slice(1)) fns.push({ label: complex ? '宾语补足语' : '宾语', head: o });
    } else if (objects.length === 1) {
      fns.push({ label: '宾语', head: objects[0], clausal: wh(objects[0]) });
    }
    const hasObject = objects.length > 0 || gap !== undefined;
    for (const p of complements) fns.push({ label: hasObject && !copular ? '宾语补足语' : '表语', head: p });
    for (const t of clausalObjects) fns.push({ label: copular ? '表语' : '宾语', head: t, clausal: true });
    for (const t of infinitives)
      fns.push({ label: copular ? '表语' : objects.length > 0 ? '宾语补足语' : '宾语', head: t, clausal: true });
    for (const t of adverbials) fns.push({ label: '状语', head: t, clausal: this.isOpener(t) });
    for (const o of this.resultOpenersIn(a, b, chain)) fns.push({ label: '状语', head: o, clausal: true });

    // An appositive beside a noun ("my brother, a doctor,") is its own function.
    for (const f of [...fns]) {
      for (const e of g.edges[f.head])
        if (e.left && e.up === 'MX' && !/^MX.?r/.test(e.label) && inside(e.to)) fns.push({ label: '同位语', head: e.to });
    }

    // Each head once, the first claim wins (subject, objects, complements, adverbials).
    const seen = new Set<number>();
    const unique = fns.filter((f) => !seen.has(f.head) && seen.add(f.head));

    // Gather each function's words: what its head reaches without crossing the verb or another head.
    const blocked = new Set<number>([0, ...chain, ...unique.map((f) => f.head), ...openers]);
    for (const c of this.coordinators(chain)) blocked.add(c);
    const taken = new Set<number>();
    const ordered = [...unique].sort((x, y) => (x.label === '主语' ? -1 : y.label === '主语' ? 1 : x.head - y.head));
    const nodes: { fn: Fn; start: number; end: number }[] = [];
    for (const fn of ordered) {
      const others = new Set([...blocked].filter((w) => w !== fn.head));
      for (const w of taken) others.add(w);
      const reach = this.reach([fn.head], a, b, others);
      if (fn.label === '表语' || fn.label === '宾语') {
        for (const x of cleft) {
          if (x > fn.head && !taken.has(x)) for (const w of this.reach([x], a, b, others)) reach.add(w);
        }
      }
      for (const w of reach) taken.add(w);
      let start = Math.min(...reach);
      const end = Math.max(...reach);
      if (fn.label !== '主语') {
        while (start - 1 >= a && intensifiers.has(g.lower[start - 1]) && !taken.has(start - 1) && !chain.includes(start - 1)) {
          start--;
          taken.add(start);
        }
      }
      nodes.push({ fn, start, end });
    }
    nodes.sort((x, y) => x.start - y.start);

    const children: SpanNode[] = [];
    // The verb group: one 谓语 per run of its words that no function interrupts ("Did | you | see").
    const runs: number[][] = [];
    for (const w of chain) {
      const run = runs.at(-1);
      const interrupted =
        run !== undefined && nodes.some((nd) => nd.start < w && nd.end > run[run.length - 1] && nd.start > run[run.length - 1]);
      const gapWords = run ? g.lower.slice(run[run.length - 1] + 1, w) : [];
      if (run && !interrupted && gapWords.every((x) => x !== ',' && x !== 'and' && x !== 'or' && x !== 'but')) run.push(w);
      else runs.push([w]);
    }
    const mains = new Set([u.main, ...this.coordinatedMains(u.chain)]);
    for (const run of runs) {
      const main = run.find((w) => mains.has(w));
      children.push({
        start: run[0],
        end: run[run.length - 1] + 1,
        label: '谓语',
        highlight: [main ?? run[0]],
      });
    }
    for (const nd of nodes) {
      const node: SpanNode = { start: nd.start, end: nd.end + 1, label: nd.fn.label };
      const nested = this.nested(nd.fn, nd.start, nd.end, u);
      const wholeClause = nested.length === 1 && nested[0].start === nd.start && nested[0].end === nd.end + 1;
      if (!(nd.fn.clausal && wholeClause)) node.highlight = [nd.fn.head];
      if (nested.length) node.children = nested;
      children.push(node);
    }
    for (const o of openers) if (!unique.some((f) => f.head === o)) gray.push(o);
    for (const o of this.resultOpeners) if (inside(o) && o === Math.min(...chain, o) && o <= a + 1) gray.push(o);

    children.sort((x, y) => x.start - y.start);
    const node: SpanNode = { start: a, end: b + 1, label, children };
    if (gray.length) node.gray = [...new Set(gray)].sort((x, y) => x - y);
    return node;
  }

  /** The other verbs of "sang and danced", joined by VJ links: one subject, two predicates. */
  private coordinatedMains(chain: number[]): number[] {
    const { g } = this;
    const out: number[] = [];
    for (const c of chain) {
      for (const e of g.edges[c]) {
        if (e.left && e.up === 'VJ') {
          for (const f of g.edges[e.to]) if (f.left && f.up === 'VJ' && f.to > e.to) out.push(this.mainOf(this.chainFrom(f.to)));
        }
      }
    }
    return out;
  }

  private withCoordinated(chain: number[]): number[] {
    const { g } = this;
    const out = [...chain];
    for (const c of chain) {
      for (const e of g.edges[c]) {
        if (e.left && e.up === 'VJ') {
          for (const f of g.edges[e.to]) if (f.left && f.up === 'VJ' && f.to > e.to) out.push(...this.chainFrom(f.to));
        }
      }
    }
    return [...new Set(out)].sort((x, y) => x - y);
  }

  private coordinators(chain: number[]): number[] {
    const { g } = this;
    return chain.flatMap((c) => g.edges[c].filter((e) => e.left && e.up === 'VJ').map((e) => e.to));
  }

  /** Words that open the clause of `u` without a function in it: that, because, if, whether… */
  private openersOf(u: Unit): number[] {
    const { g } = this;
    const out: number[] = [];
    for (const w of u.chain) {
      for (const e of g.edges[w]) {
        if (e.left || e.up !== 'CV' || e.to === 0) continue;
        if (this.units.some((v) => v.chain.includes(e.to))) continue;
        out.push(e.to);
      }
    }
    for (const w of u.chain) {
      for (const e of g.edges[w]) {
        if (!e.left && e.up === 'R' && this.resultOpeners.has(e.to)) out.push(e.to);
      }
    }
    if (u.subject !== undefined) {
      for (const e of g.edges[u.subject]) {
        if (!e.left && (e.up === 'CR' || e.label.startsWith('Cr')) && this.resultOpeners.has(e.to)) out.push(e.to);
      }
    }
    return [...new Set(out)];
  }

  private isOpener(w: number): boolean {
    return this.g.edges[w].some((e) => e.left && e.up === 'CV');
  }

  private resultOpenersIn(a: number, b: number, chain: number[]): number[] {
    const top = Math.max(...chain);
    return [...this.resultOpeners].filter((o) => o > top && o >= a && o <= b);
  }

  /** Words reachable from `from` within [a, b], not entering `blocked`, over content links. */
  private reach(from: number[], a: number, b: number, blocked: Set<number>): Set<number> {
    const { g } = this;
    const seen = new Set<number>(from.filter((w) => w >= a && w <= b));
    const queue = [...seen];
    while (queue.length) {
      const w = queue.pop()!;
      for (const e of g.edges[w]) {
        const t = e.to;
        if (t < a || t > b || seen.has(t) || blocked.has(t)) continue;
        if (e.up.startsWith('W') || e.up === 'X' || e.up.startsWith('X') || e.up === 'RW') continue;
        if (this.cut.has(`${w}:${t}`)) continue;
        seen.add(t);
        queue.push(t);
      }
    }
    if (seen.size === 0) seen.add(Math.max(a, Math.min(b, from[0] ?? a)));
    return seen;
  }

  // ── what nests inside a function ─────────────────────────────────────────────────────────────

  private nested(fn: Fn, s: number, e: number, parent: Unit): SpanNode[] {
    const { g } = this;
    const h = fn.head;
    const candidates: { unit: Unit; start: number; end: number }[] = [];
    const inSpan = (w: number) => w >= s && w <= e;
    for (const u of this.units) {
      if (u === parent || !inSpan(u.chain[0])) continue;
      const belongs = u.subject === h || this.openersOf(u).includes(h) || this.gapWordOf(u) === h || u.chain.includes(h);
      const blocked = new Set<number>(this.antecedentsOf(u));
      if (!belongs) blocked.add(h);
      const seeds = [...u.chain, ...(u.subject !== undefined ? [u.subject] : []), ...this.openersOf(u)];
      const reach = this.reachAll(seeds, s, e, blocked);
      candidates.push({ unit: u, start: Math.min(...reach), end: Math.max(...reach) });
    }
    for (const u of this.nonFinite(s, e, h, parent)) {
      const blocked = new Set<number>(this.antecedentsOf(u));
      if (!u.chain.includes(h) && !(g.lower[h] === 'to' && u.chain.includes(h))) blocked.add(h);
      if (u.chain.includes(h)) blocked.delete(h);
      const reach = this.reachAll(u.chain, s, e, blocked);
      candidates.push({ unit: u, start: Math.min(...reach), end: Math.max(...reach) });
    }
    candidates.sort((x, y) => y.end - y.start - (x.end - x.start) || x.start - y.start);
    const kept: typeof candidates = [];
    for (const c of candidates) {
      if (kept.some((k) => c.start <= k.end && c.end >= k.start)) continue;
      kept.push(c);
    }
    kept.sort((x, y) => x.start - y.start);
    return kept.map((c) => this.nestedNode(c.unit, c.start, c.end, fn, parent));
  }

  private reachAll(seeds: number[], s: number, e: number, blocked: Set<number>): Set<number> {
    const inside = seeds.filter((w) => w >= s && w <= e && !blocked.has(w));
    return this.reach(inside.length ? inside : [s], s, e, blocked);
  }

  private nestedNode(u: Unit, start: number, end: number, fn: Fn, parent: Unit): SpanNode {
    if (u.kind !== 'finite') {
      const label =
        u.kind === 'inf'
          ? '不定式短语'
          : u.kind === 'ed'
            ? '过去分词短语'
            : u.chain[0] === fn.head && fn.label !== '状语'
              ? '动名词短语'
              : '现在分词短语';
      const node: SpanNode = { start, end: end + 1, label, highlight: [u.main] };
      const inner = this.nested({ label, head: u.main }, start, end, u);
      if (inner.length) node.children = inner;
      return node;
    }
    return this.clause(u, start, end, this.clauseLabel(u, start, fn, parent));
  }

  private clauseLabel(u: Unit, start: number, fn: Fn, parent: Unit): string {
    const { g } = this;
    const openers = this.openersOf(u);
    if (openers.some((o) => this.resultOpeners.has(o))) return '结果状语从句';
    const opener = openers[0];
    const antecedents = this.antecedentsOf(u).filter((x) => x < start);
    const first = g.lower[start];
    if (opener !== undefined && g.lower[opener] === 'that') {
      const th = g.edges[opener].find((e) => !e.left && e.up === 'TH');
      if (th && !this.units.some((v) => v.chain.includes(th.to))) return fn.label === '表语' ? '表语从句' : '同位语从句';
    }
    const relative = antecedents.length > 0 || (relativePronouns.has(first) && fn.head < start && fn.label !== '状语');
    if (relative && opener === undefined) {
      return g.words[start - 1] === ',' ? '非限制性定语从句' : '定语从句';
    }
    if (fn.label === '状语') {
      const o = opener ?? start;
      const perfect = parent.chain.some((w) => haveForms.has(g.lower[w]));
      return adverbialClauseLabel(g.lower[o], g.lower[o - 1] ?? '', perfect, g.lower[o - 2] ?? '');
    }
    if (relative) return g.words[start - 1] === ',' ? '非限制性定语从句' : '定语从句';
    return nounClauseLabel(fn.label) ?? '宾语从句';
  }

  /** The noun a relative clause or participle modifies, which stays outside it. */
  private antecedentsOf(u: Unit): number[] {
    const { g } = this;
    const out: number[] = [];
    for (const w of u.chain) {
      for (const e of g.edges[w]) {
        if (e.left) continue;
        if (e.up === 'B' && !whWords.has(g.lower[e.to])) out.push(e.to);
        if (e.up === 'M' || e.up === 'MX') out.push(e.to);
      }
    }
    for (const x of [...out]) {
      for (const e of g.edges[x]) if (e.left && e.up === 'R') out.push(x);
    }
    if (u.subject !== undefined) {
      for (const e of g.edges[u.subject]) {
        if (!e.left && e.up === 'R' && !whWords.has(g.lower[e.to])) out.push(e.to);
      }
    }
    return [...new Set(out)];
  }

  private gapWordOf(u: Unit): number | undefined {
    const { g } = this;
    for (const w of u.chain) {
      for (const e of g.edges[w]) {
        if (e.left || e.up !== 'B') continue;
        if (whWords.has(g.lower[e.to])) return e.to;
        const r = g.edges[e.to].find((f) => f.left && f.up === 'R');
        if (r) return r.to;
      }
    }
    return undefined;
  }

  /** Infinitives ("to learn English"), participles after a noun, and a gerund heading the function. */
  private nonFinite(s: number, e: number, h: number, parent: Unit): Unit[] {
    const { g } = this;
    const out: Unit[] = [];
    const finiteWords = new Set(this.units.flatMap((u) => u.chain));
    for (let w = s; w <= e; w++) {
      if (finiteWords.has(w) || parent.chain.includes(w)) continue;
      if (g.lower[w] === 'to') {
        const i = g.edges[w].find((x) => x.left && x.up === 'I');
        if (i && i.to <= e) {
          const chain = this.chainFrom(w);
          out.push({ kind: 'inf', chain, main: this.mainOf(chain) });
        }
        continue;
      }
      const modifier = g.edges[w].find((x) => !x.left && x.up === 'M' && /^M[gv]/.test(x.label));
      if (modifier) {
        out.push({ kind: modifier.label.startsWith('Mg') ? 'ing' : 'ed', chain: [w], main: w });
        continue;
      }
      if (w === h && /ing$/.test(g.lower[w]) && g.edges[w].some((x) => x.left && (x.up === 'MV' || x.up === 'O') && x.to <= e)) {
        out.push({ kind: 'ing', chain: [w], main: w });
      }
    }
    return out;
  }
}
