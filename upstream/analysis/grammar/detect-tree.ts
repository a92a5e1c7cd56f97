import { isIngForm } from './lexicon';
import type { Sentence } from './sentence';

/*
 * What every grammar-point detector reads the sentence with (detectors.ts gathers the detectors):
 * the tree's dependents, subjects and verb chains, the clauses' finite verbs, the span of a clause
 * a marker opens, and the combinators of the detector tables.
 */

/** A place in the sentence that carries a point: word positions [start, end). */
export type Span = [number, number];
export type Detector = (s: Sentence, facts: Facts) => Span[];

const PUNCT = /^[.,;:!?"“”'()—–-]+$/;
const isPunct = (w: string) => PUNCT.test(w);
export const CLAUSE_END = new Set([',', ';', ':', '.', '!', '?', '—']);

/** The sentence's end, without its final punctuation. */
export const lastWord = (s: Sentence) => {
  let end = s.lower.length;
  while (end > 0 && isPunct(s.lower[end - 1])) end--;
  return end;
};

/*
 * The tree's words, 0-based: s.head[i] is i's head (-1 for the root), s.deprel[i] its relation.
 * A clause is a predicate word (a verb, or the noun or adjective a copula joins to its subject)
 * with its auxiliaries (aux, aux:pass), copula and subject beside it.
 */

export const isVerb = (s: Sentence, i: number) => s.upos[i] === 'VERB' || s.upos[i] === 'AUX';
/** A capitalised word inside the sentence is a name (Beijing, Reading), never an -ing form. */
export const isName = (s: Sentence, i: number) => i > 0 && (/^\p{Lu}/u.test(s.words[i] ?? '') || s.upos[i] === 'PROPN');
export const isNoun = (s: Sentence, i: number) => /^(NOUN|PROPN|PRON|NUM)$/.test(s.upos[i] ?? '');
export const isAdjective = (s: Sentence, i: number) =>
  s.parsed
    ? s.upos[i] === 'ADJ'
    : /(ful|ous|ive|able|ible|al|ic|ant|ent|y)$/.test(s.lower[i] ?? '') && !isIngForm(s.lower[i] ?? '');
const childLists = new WeakMap<Sentence, number[][]>();
/** The words whose head is h, in order (worked out once per sentence). */
export const childrenOf = (s: Sentence, h: number): number[] => {
  let lists = childLists.get(s);
  if (!lists) {
    const made: number[][] = s.lower.map(() => []);
    s.head.forEach((x, i) => {
      if (x >= 0 && x < made.length) made[x].push(i);
    });
    lists = made;
    childLists.set(s, lists);
  }
  return lists[h] ?? [];
};
export const childWith = (s: Sentence, h: number, relation: RegExp) => childrenOf(s, h).find((c) => relation.test(s.deprel[c]));
export const SUBJECT_REL = /^(nsubj|nsubj:pass|csubj|csubj:pass|nsubj:outer)$/;
/** The word a verb-group word belongs to: the predicate of an auxiliary or copula, itself otherwise. */
export const predicateOf = (s: Sentence, i: number) =>
  /^(aux|aux:pass|cop)$/.test(s.deprel[i]) && s.head[i] >= 0 ? s.head[i] : i;
/** The subject of the clause a verb-group word belongs to (an expletive it/there counts). */
export const subjectOf = (s: Sentence, i: number) => {
  const p = predicateOf(s, i);
  return childWith(s, p, SUBJECT_REL) ?? childWith(s, p, /^expl/);
};
export const hasSubject = (s: Sentence, i: number) => s.parsed && subjectOf(s, i) !== undefined;
/** Whether k is in the subtree of h. */
function descends(s: Sentence, k: number, h: number): boolean {
  for (let at = k, steps = 0; at >= 0 && steps <= s.lower.length; at = s.head[at], steps++) if (at === h) return true;
  return false;
}
/** The words of i's subtree, as a span (the tree is projective for the most part). */
export function subtree(s: Sentence, i: number): Span {
  let a = i;
  let b = i;
  const walk = (h: number, depth: number) => {
    if (depth > s.lower.length) return;
    for (const c of childrenOf(s, h)) {
      a = Math.min(a, c);
      b = Math.max(b, c);
      walk(c, depth + 1);
    }
  };
  walk(i, 0);
  while (b > a && isPunct(s.lower[b])) b--;
  while (a < b && isPunct(s.lower[a])) a++;
  return [a, b + 1];
}
/**
 * The verb-group words of a predicate in order: its auxiliaries and copula, then itself when a
 * verb. Only a run that nothing but adverbs, negation or an inverted subject interrupts: an
 * auxiliary the parser hung on a verb further on ("He was late because he missed") is not its.
 */
export function chainOf(s: Sentence, p: number): number[] {
  const aux = childrenOf(s, p)
    .filter((c) => /^(aux|aux:pass|cop)$/.test(s.deprel[c]))
    .sort((a, b) => b - a);
  const subject = childWith(s, p, SUBJECT_REL) ?? childWith(s, p, /^expl/);
  const subjectSpan = subject === undefined ? null : subtree(s, subject);
  const out: number[] = isVerb(s, p) ? [p] : [];
  let next = p;
  for (const c of aux) {
    if (c > p) continue;
    let joined = true;
    for (let k = c + 1; k < next; k++) {
      const inSubject = subjectSpan !== null && k >= subjectSpan[0] && k < subjectSpan[1];
      // Between the last auxiliary and its predicate: the predicate's own words (is a good student), not a clause's marker.
      const own = next === p && descends(s, k, p) && !(s.head[k] === p && /^mark/.test(s.deprel[k]));
      if (!(own || inSubject || /^(ADV|PART)$/.test(s.upos[k]) || /^(aux|aux:pass|cop)$/.test(s.deprel[k]))) joined = false;
    }
    if (!joined || next - c > 6) break;
    out.push(c);
    next = c;
  }
  return out.sort((a, b) => a - b);
}

const FINITE_TAG = /^(VBD|VBZ|VBP|MD)$/;
/** A word that is an auxiliary standing before its clause's subject: Have you…, Never have I… */
export const invertedAt = (s: Sentence, k: number) => {
  if (!s.parsed || !isVerb(s, k)) return false;
  const p = predicateOf(s, k);
  const subject = subjectOf(s, k);
  const expletive = childWith(s, p, /^expl/);
  if (expletive !== undefined && expletive < k) return false;
  return subject !== undefined && subject > k && chainOf(s, p)[0] === k && !/^expl/.test(s.deprel[subject]);
};

/** What several detectors share: the verb groups of the sentence and its subjunctive clauses. */
export interface Facts {
  groups: VerbGroup[];
  /** Word ranges written in the subjunctive, where tenses are not tenses. */
  subjunctive: Span[];
  /** Spans of absolute constructions, where participles are not claimed on their own. */
  absolutes: Span[];
}

/** A verb group: its finite word first, then the auxiliaries and verbs chained to it. */
export interface VerbGroup {
  words: number[];
  perfect: boolean;
  progressive: boolean;
  passive: boolean;
}

/** Each clause's verb group, the predicate's, when its first word is finite (or a subjunctive base form with a subject). */
export function clauseChains(s: Sentence): { chain: number[]; predicate: number }[] {
  if (!s.parsed) return [];
  const out: { chain: number[]; predicate: number }[] = [];
  for (let p = 0; p < s.lower.length; p++) {
    if (/^(aux|aux:pass|cop|mark|case|det|fixed|flat|compound|punct)/.test(s.deprel[p])) continue;
    const chain = chainOf(s, p);
    if (chain.length === 0) continue;
    const first = chain[0];
    // A base form with a subject is finite (a subjunctive, a tagger's slip for VBP), unless it
    // completes a verb (made the cleaners work: the parser gave the object to the infinitive).
    const finite =
      FINITE_TAG.test(s.xpos[first]) ||
      (s.xpos[first] === 'VB' && hasSubject(s, p) && s.lower[first - 1] !== 'to' && s.deprel[p] !== 'xcomp');
    if (finite) out.push({ chain, predicate: p });
  }
  // An auxiliary or copula left out of its head's run (a parser slip) is a verb group of its own.
  const inChains = new Set(out.flatMap((c) => c.chain));
  for (let k = 0; k < s.lower.length; k++) {
    if (!/^(aux|aux:pass|cop)$/.test(s.deprel[k]) || inChains.has(k) || !FINITE_TAG.test(s.xpos[k])) continue;
    out.push({ chain: [k], predicate: k });
  }
  return out.sort((a, b) => a.chain[0] - b.chain[0]);
}

/** The finite verbs: the first word of each clause's verb group. */
export function finiteVerbs(s: Sentence): number[] {
  return clauseChains(s).map((c) => c.chain[0]);
}

export const within = (spans: Span[], i: number) => spans.some(([a, b]) => i >= a && i < b);

const CLAUSE_REL = /^(root|acl|advcl|ccomp|csubj|xcomp|conj|parataxis)/;

/** The head of the clause a word is in: the nearest word up the tree with a clausal relation. */
export function clauseHeadOf(s: Sentence, i: number): number {
  let h = i;
  for (let steps = 0; steps < 6 && h >= 0 && !CLAUSE_REL.test(s.deprel[h]); steps++) h = s.head[h];
  return h;
}

/** The clause a marker word opens: its clause's words in the tree, or up to the next comma or the end. */
export function clauseFrom(s: Sentence, marker: number): Span {
  if (s.parsed) {
    const h = clauseHeadOf(s, marker);
    if (h >= 0 && h !== marker && s.deprel[h] !== 'root') {
      const end = subtree(s, h)[1];
      if (end > marker + 1) return [marker, end];
    }
  }
  let end = marker + 1;
  while (end < s.lower.length && !CLAUSE_END.has(s.lower[end])) end++;
  return [marker, end];
}

/** Whether the words from `i` on open a clause: a subject followed by a finite verb. */
export function opensClause(s: Sentence, i: number, finite: number[]): boolean {
  const w = s.lower[i];
  if (!w || isPunct(w)) return false;
  const next = finite.find((f) => f > i);
  if (next === undefined) return false;
  if (!s.question && invertedAt(s, next)) return false;
  // The subject lies between: at most a few words, none of them a clause boundary.
  if (next - i > 6) return false;
  for (let k = i; k < next; k++) if (CLAUSE_END.has(s.lower[k])) return false;
  return true;
}

/** An adverbial clause runs to the comma that closes it, or to the sentence's end. */
export function clauseEnd(s: Sentence, start: number, from: number): number {
  const end = lastWord(s);
  for (let k = from; k < end; k++) if (CLAUSE_END.has(s.lower[k])) return k;
  return start === 0 ? end : end;
}

export function dedupe(spans: Span[]): Span[] {
  const seen = new Set<string>();
  return spans.filter(([a, b]) => {
    const key = `${a}:${b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const all =
  (...detectors: Detector[]): Detector =>
  (s, f) =>
    dedupe(detectors.flatMap((d) => d(s, f)));

export const needsParse =
  (d: Detector): Detector =>
  (s, f) =>
    s.parsed ? d(s, f) : [];
