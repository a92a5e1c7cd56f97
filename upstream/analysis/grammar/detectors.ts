import {
  APPOSITIVE_NOUNS,
  AUX,
  BE,
  BE_PAST,
  BE_PRESENT,
  CAUSATIVE,
  DETERMINERS,
  DITRANSITIVE,
  FORMAL_OBJECT_VERBS,
  FORMAL_SUBJECT_NOUNS,
  FUTURE,
  GET,
  HAD,
  HAVE_PRESENT,
  isIngForm,
  isParticipleForm,
  MODALS,
  NAMING_VERBS,
  NEGATIVE_OPENERS,
  OBJECT_CLAUSE_VERBS,
  OBJECT_PRONOUNS,
  PERCEPTION,
  PLACE_TIME_NOUNS,
  PREPOSITIONS,
  SUBJECT_PRONOUNS,
  SUBJUNCTIVE_VERBS,
  WH,
} from './lexicon';
import { forms } from './lexicon';
import type { Sentence } from './sentence';

/** A place in the sentence that carries a point: word positions [start, end). */
export type Span = [number, number];
export type Detector = (s: Sentence, facts: Facts) => Span[];

const PUNCT = /^[.,;:!?"“”'()—–-]+$/;
const isPunct = (w: string) => PUNCT.test(w);
const CLAUSE_END = new Set([',', ';', ':', '.', '!', '?', '—']);

/** The sentence's end, without its final punctuation. */
const lastWord = (s: Sentence) => {
  let end = s.lower.length;
  while (end > 0 && isPunct(s.lower[end - 1])) end--;
  return end;
};

/*
 * The tree's words, 0-based: s.head[i] is i's head (-1 for the root), s.deprel[i] its relation.
 * A clause is a predicate word (a verb, or the noun or adjective a copula joins to its subject)
 * with its auxiliaries (aux, aux:pass), copula and subject beside it.
 */

const isVerb = (s: Sentence, i: number) => s.upos[i] === 'VERB' || s.upos[i] === 'AUX';
/** A capitalised word inside the sentence is a name (Beijing, Reading), never an -ing form. */
const isName = (s: Sentence, i: number) => i > 0 && (/^\p{Lu}/u.test(s.words[i] ?? '') || s.upos[i] === 'PROPN');
const isNoun = (s: Sentence, i: number) => /^(NOUN|PROPN|PRON|NUM)$/.test(s.upos[i] ?? '');
const isAdjective = (s: Sentence, i: number) =>
  s.parsed
    ? s.upos[i] === 'ADJ'
    : /(ful|ous|ive|able|ible|al|ic|ant|ent|y)$/.test(s.lower[i] ?? '') && !isIngForm(s.lower[i] ?? '');
const childLists = new WeakMap<Sentence, number[][]>();
/** The words whose head is h, in order (worked out once per sentence). */
const childrenOf = (s: Sentence, h: number): number[] => {
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
const childWith = (s: Sentence, h: number, relation: RegExp) => childrenOf(s, h).find((c) => relation.test(s.deprel[c]));
const SUBJECT_REL = /^(nsubj|nsubj:pass|csubj|csubj:pass|nsubj:outer)$/;
/** The word a verb-group word belongs to: the predicate of an auxiliary or copula, itself otherwise. */
const predicateOf = (s: Sentence, i: number) => (/^(aux|aux:pass|cop)$/.test(s.deprel[i]) && s.head[i] >= 0 ? s.head[i] : i);
/** The subject of the clause a verb-group word belongs to (an expletive it/there counts). */
const subjectOf = (s: Sentence, i: number) => {
  const p = predicateOf(s, i);
  return childWith(s, p, SUBJECT_REL) ?? childWith(s, p, /^expl/);
};
const hasSubject = (s: Sentence, i: number) => s.parsed && subjectOf(s, i) !== undefined;
/** Whether k is in the subtree of h. */
function descends(s: Sentence, k: number, h: number): boolean {
  for (let at = k, steps = 0; at >= 0 && steps <= s.lower.length; at = s.head[at], steps++) if (at === h) return true;
  return false;
}
/** The words of i's subtree, as a span (the tree is projective for the most part). */
function subtree(s: Sentence, i: number): Span {
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
function chainOf(s: Sentence, p: number): number[] {
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
const invertedAt = (s: Sentence, k: number) => {
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

/** Adjectives in -ing that follow be as its complement, not as a progressive: was fascinating. */
const ING_ADJECTIVES = new Set(
  `interesting boring exciting amazing surprising disappointing tiring relaxing confusing satisfying charming
  annoying embarrassing frightening shocking puzzling encouraging terrifying fascinating astonishing amusing
  challenging demanding inspiring touching moving worrying alarming convincing refreshing rewarding missing
  promising pleasing depressing exhausting thrilling disgusting frustrating interesting`.split(/\s+/),
);

/** Each clause's verb group, the predicate's, when its first word is finite (or a subjunctive base form with a subject). */
function clauseChains(s: Sentence): { chain: number[]; predicate: number }[] {
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
function finiteVerbs(s: Sentence): number[] {
  return clauseChains(s).map((c) => c.chain[0]);
}

function verbGroups(s: Sentence): VerbGroup[] {
  const groups: VerbGroup[] = [];
  for (const { chain, predicate } of clauseChains(s)) {
    let perfect = false;
    let progressive = false;
    let passive = false;
    for (const [k, w] of chain.entries()) {
      const next = chain[k + 1];
      if (next === undefined) break;
      if (/^(have|has|had|having)$/.test(s.lower[w]) && s.xpos[next] === 'VBN') perfect = true;
      if (BE.has(s.lower[w]) && s.deprel[w] !== 'cop' && s.xpos[next] === 'VBG' && next === predicate) progressive = true;
      if (
        s.deprel[w] === 'aux:pass' ||
        ((BE.has(s.lower[w]) || GET.has(s.lower[w])) && s.xpos[next] === 'VBN' && next === predicate)
      )
        passive = true;
    }
    // The progressive is a verb's; an -ing adjective after be is its complement (was fascinating),
    // as is the activity of "My hobby is collecting stamps".
    if (progressive) {
      const ing = s.lower[predicate];
      const object = childWith(s, predicate, /^(obj|ccomp|xcomp)/);
      if ((ING_ADJECTIVES.has(ing) && object === undefined) || gerundPredicative(s, predicate)) progressive = false;
    }
    // A be-form joined to an -ing word the tagger took for a noun or adjective (was reading.n) is
    // still the progressive when nothing makes it an adjective.
    const last = chain.at(-1) as number;
    if (!progressive && BE.has(s.lower[last]) && s.deprel[last] !== 'aux:pass') {
      let i = last + 1;
      if (SUBJECT_PRONOUNS.has(s.lower[i]) && s.question) i++;
      while (/^(not|never|always|still|just|also|really|now)$/.test(s.lower[i] ?? '')) i++;
      const ing = s.lower[i] ?? '';
      if (
        isIngForm(ing) &&
        !ING_ADJECTIVES.has(ing) &&
        !isName(s, i) &&
        !gerundPredicative(s, predicate) &&
        s.upos[i] !== 'ADJ' &&
        (s.head[i] === last || predicate === i || s.deprel[last] === 'cop')
      ) {
        progressive = true;
        chain.push(i);
      }
    }
    groups.push({ words: [...new Set(chain)].sort((a, b) => a - b), perfect, progressive, passive });
  }
  return groups;
}

/** "My hobby is collecting stamps": an -ing form after be whose subject is an activity noun. */
const ACTIVITY_SUBJECTS = new Set(
  'hobby job work task aim goal plan dream duty problem favourite favorite interest pleasure habit way thing business'.split(' '),
);
function gerundPredicative(s: Sentence, be: number): boolean {
  const subject = subjectOf(s, be);
  return subject !== undefined && ACTIVITY_SUBJECTS.has(s.lower[subject]);
}

const within = (spans: Span[], i: number) => spans.some(([a, b]) => i >= a && i < b);
const groupSpan = (g: VerbGroup): Span => [Math.min(...g.words), Math.max(...g.words) + 1];

const CLAUSE_REL = /^(root|acl|advcl|ccomp|csubj|xcomp|conj|parataxis)/;

/** The head of the clause a word is in: the nearest word up the tree with a clausal relation. */
function clauseHeadOf(s: Sentence, i: number): number {
  let h = i;
  for (let steps = 0; steps < 6 && h >= 0 && !CLAUSE_REL.test(s.deprel[h]); steps++) h = s.head[h];
  return h;
}

/** The clause a marker word opens: its clause's words in the tree, or up to the next comma or the end. */
function clauseFrom(s: Sentence, marker: number): Span {
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
function opensClause(s: Sentence, i: number, finite: number[]): boolean {
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

// ---------------------------------------------------------------- tenses, voice, mood

function tense(s: Sentence, f: Facts, kind: string): Span[] {
  const out: Span[] = [];
  for (const g of f.groups) {
    const [start, end] = groupSpan(g);
    if (within(f.subjunctive, g.words[0]) || within(tagQuestion(s, f), g.words[0])) continue;
    const head = s.lower[g.words[0]];
    const tag = s.xpos[g.words[0]];
    const going = g.words.find((w) => s.lower[w] === 'going');
    // be going to + a verb, not be going to + a place.
    const goingTo =
      g.words.length >= 2 && going !== undefined && s.lower[going + 1] === 'to' && /^VB$/.test(s.xpos[going + 2] ?? '');
    let name: string | null = null;
    if (FUTURE.has(head)) name = g.perfect || g.progressive ? null : '一般将来时';
    else if (MODALS.has(head) || head === 'would') name = null;
    else if (goingTo && (BE_PRESENT.has(head) || BE_PAST.has(head))) name = BE_PRESENT.has(head) ? '一般将来时' : null;
    else if (HAVE_PRESENT.has(head) && g.perfect) name = g.progressive || hasBeenIng(s, g) ? '现在完成进行时' : '现在完成时';
    else if (HAD.has(head) && g.perfect) name = '过去完成时';
    else if (BE_PRESENT.has(head) && g.progressive) name = '现在进行时';
    else if (BE_PAST.has(head) && g.progressive) name = '过去进行时';
    else if (BE_PAST.has(head) || /^(did|had)$/.test(head) || tag === 'VBD') name = '一般过去时';
    else if (BE_PRESENT.has(head) || /^(do|does|have|has)$/.test(head) || /^VB[ZP]?$/.test(tag))
      name = head === 'be' ? null : '一般现在时';
    if (name !== kind) continue;
    out.push([start, goingTo && name === '一般将来时' && going !== undefined ? going + 3 : end]);
  }
  return out;
}

function hasBeenIng(s: Sentence, g: VerbGroup): boolean {
  const been = g.words.find((w) => s.lower[w] === 'been');
  return been !== undefined && isIngForm(s.lower[been + 1] ?? '');
}

/** Participles that are adjectives after be unless an agent follows: I am interested in music. */
const FEELING_PARTICIPLES = new Set(
  `interested excited surprised pleased satisfied worried tired bored amazed disappointed frightened scared
  married shocked delighted annoyed embarrassed confused puzzled terrified exhausted relaxed determined
  prepared dressed lost finished gone concerned involved supposed used`.split(/\s+/),
);

const passive: Detector = (s) =>
  s.lower.flatMap((w, k): Span[] => {
    // got hurt: the tree's xcomp of get, a participle without an object.
    if (GET.has(w) && s.upos[k] === 'VERB') {
      const p = childrenOf(s, k).find((c) => s.deprel[c] === 'xcomp' && c === k + 1 && s.xpos[c] === 'VBN');
      if (p !== undefined && !childWith(s, p, /^obj/) && isParticipleForm(s.lower[p])) return [[k, p + 1]];
    }
    if (s.deprel[k] !== 'aux:pass' && !(s.deprel[k] === 'aux' && s.xpos[s.head[k]] === 'VBN' && (BE.has(w) || GET.has(w))))
      return [];
    if (!BE.has(w) && !GET.has(w)) return [];
    const p = s.head[k];
    if (p < 0 || !isParticipleForm(s.lower[p])) return [];
    if (FEELING_PARTICIPLES.has(s.lower[p]) && childWith(s, p, /^obl:agent/) === undefined && s.lower[p + 1] !== 'by') return [];
    return [[k, p + 1]];
  });

const modal: Detector = (s, f) =>
  s.lower.flatMap((w, k): Span[] => {
    if (!MODALS.has(w) || !/^aux/.test(s.deprel[k]) || within(f.subjunctive, k) || wouldInConditional(s, k)) return [];
    const chain = chainOf(s, s.head[k]);
    const next = chain.find((c) => c > k) ?? s.head[k];
    return [[k, next + 1]];
  });

const wouldInConditional = (s: Sentence, i: number) =>
  /^(would|could|might)$/.test(s.lower[i]) && (s.lower.includes('if') || /^(had|were|should)$/.test(s.lower[0]));

/** Subjunctive clauses: unreal conditions, wish, suggest/insist that + (should) do, it is time that. */
function subjunctiveSpans(s: Sentence, finite: number[]): Span[] {
  const out: Span[] = [];
  const end = lastWord(s);
  const unrealCondition = s.lower.some((w, i) => {
    // The inverted condition is itself the sign: "Had I known…", "Were it not for…" (not a question).
    if (i === 0 && /^(had|were)$/.test(w)) return !s.question && s.lower.includes(',');
    if (w !== 'if') return false;
    const clause = s.lower.slice(i + 1, i + 8);
    return clause.includes('were') || clause.includes('had');
  });
  const mainModal = s.lower.some((w) => /^(would|could|might)$/.test(w));
  if (unrealCondition && mainModal) out.push([0, end]);
  // "I wish I were…", "I wish I had…", "I wish you would…": wish with a finite clause after it.
  for (const [i, w] of s.lower.entries()) {
    if (!/^wish(es|ed)?$/.test(w) || !opensClause(s, i + 1, finite)) continue;
    const after = s.lower.slice(i + 1, end);
    if (after.some((x, j) => /^(were|had|would|could|might)$/.test(x) || s.xpos[i + 1 + j] === 'VBD')) out.push([i + 1, end]);
  }
  // suggest/insist/order… (that) + subject + should/base form.
  for (const [i, w] of s.lower.entries()) {
    if (!SUBJUNCTIVE_VERBS.has(w) || !isVerb(s, i)) continue;
    let k = s.lower[i + 1] === 'that' ? i + 2 : i + 1;
    const subjectStart = k;
    while (k < end && k - subjectStart < 4 && !AUX.has(s.lower[k]) && !isVerb(s, k)) k++;
    if (k === subjectStart || k >= end) continue;
    const verb = s.lower[k];
    const singular = /^(he|she|it)$/.test(s.lower[k - 1]) || (k - subjectStart > 1 && !s.lower[k - 1].endsWith('s'));
    const base = s.xpos[k] === 'VB' && !verb.endsWith('s') && !/^(am|is|are|was|were|has|had|does|did)$/.test(verb);
    if (verb === 'should' || verb === 'be' || (base && (singular || s.xpos[i] === 'VBD')))
      out.push([subjectStart - (subjectStart > i + 1 ? 1 : 0), end]);
  }
  // It is (high/about) time (that) + past.
  const time = s.lower.indexOf('time');
  if (
    time > 0 &&
    s.lower[0] === 'it' &&
    BE_PRESENT.has(s.lower[1] ?? '') &&
    (s.lower[time + 1] === 'that' || SUBJECT_PRONOUNS.has(s.lower[time + 1]))
  ) {
    const verb = finite.find((v) => v > time);
    if (verb !== undefined && s.xpos[verb] === 'VBD') out.push([time + 1, end]);
  }
  // as if / as though + were / had done.
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'as' || !/^(if|though)$/.test(s.lower[i + 1] ?? '')) continue;
    const clause = s.lower.slice(i + 2, i + 6);
    if (clause.includes('were') && !clause.includes('they') && !clause.includes('we') && !clause.includes('you'))
      out.push([i, end]);
    else if (
      clause.includes('had') &&
      s.lower.some((x, k) => k > i && x === 'had' && s.xpos[s.head[k]] === 'VBN' && s.deprel[k] === 'aux')
    )
      out.push([i, end]);
  }
  // would have done: a past that did not happen.
  for (const [i, w] of s.lower.entries()) {
    if (w === 'would' && s.lower[i + 1] === 'have' && isParticipleForm(s.lower[i + 2] ?? '') && !within(out, i))
      out.push([i, i + 3]);
  }
  return out;
}

const subjunctive: Detector = (_s, f) => f.subjunctive;

const imperative: Detector = (s, f) => {
  if (s.question || f.absolutes.length) return [];
  const first = s.lower[0];
  const end = lastWord(s);
  if (
    first === "don't" ||
    first === "let's" ||
    (first === 'do' && s.lower[1] === 'not') ||
    (first === 'let' && s.lower[1] === "'s")
  )
    return [[0, end]];
  let i = first === 'please' ? 1 : 0;
  if (s.lower[i] === ',') i++;
  if (!s.parsed) return [];
  if (/^(thank|thanks)$/.test(s.lower[i])) return [];
  // The root is a base-form verb with no subject, opening the sentence (or its copula or "do" does).
  const root = s.head.indexOf(-1);
  const p = predicateOf(s, i);
  if (root < 0 || p !== root || subjectOf(s, root) !== undefined || s.xpos[i] !== 'VB') return [];
  if (s.upos[i + 1] === 'VERB' && /^VB[ZD]$/.test(s.xpos[i + 1])) return [];
  return [[0, end]];
};

// ---------------------------------------------------------------- clauses

const RELATIVE = /^(who|whom|whose|which|that)$/;

/**
 * The noun of a conjunction made of a noun phrase (by the time, every time, the moment …): the
 * clause after it is a 时间状语从句, though the tree hangs it on the noun as a relative clause. At
 * the head of the sentence or after a comma; "I remember the moment he left" keeps its relative.
 */
function timeConjunctionNoun(s: Sentence, noun: number): boolean {
  if (s.lower[noun - 2] === 'by' && s.lower[noun - 1] === 'the' && s.lower[noun] === 'time') return true;
  const opens = noun === 1 || s.lower[noun - 2] === ',';
  return opens && /^(the|every|each|next)$/.test(s.lower[noun - 1] ?? '') && /^(time|moment|minute|instant)$/.test(s.lower[noun]);
}

const relativeClause: Detector = (s, f) => {
  const out: Span[] = [];
  const frame = cleftFrame(s);
  for (const [c, relation] of s.deprel.entries()) {
    // The parser's acl with "that" on a noun like "news" that is no appositive clause (the news that he told me).
    const thatClause =
      relation === 'acl' &&
      s.lower[s.head[c] + 1] === 'that' &&
      APPOSITIVE_NOUNS.has(s.lower[s.head[c]]) &&
      !appositiveAt(s, s.head[c]);
    if (relation !== 'acl:relcl' && !thatClause) continue;
    const noun = s.head[c];
    // A free relative (What you need…) and the clause of "What a day it is!" are not attributive.
    if (noun < 0 || WH.has(s.lower[noun]) || /^(whatever|whoever)$/.test(s.lower[noun]) || exclamative(s, f).length) continue;
    if (!isNoun(s, noun) || isIngForm(s.lower[noun]) || (!thatClause && appositiveAt(s, noun))) continue;
    if ((frame && noun <= frame[1]) || timeConjunctionNoun(s, noun) || comparativeHalf(s, noun)) continue;
    const [start, end] = subtree(s, c);
    // The clause starts after its noun; a comma before it makes it non-restrictive.
    if (start <= noun || s.lower[start - 1] === ',') continue;
    // Without a relative word the clause needs a subject of its own: the songs he writes.
    if (!RELATIVE.test(s.lower[start]) && !PREPOSITIONS.has(s.lower[start]) && !/^(where|when|why)$/.test(s.lower[start])) {
      const subject = subjectOf(s, c);
      if (subject === undefined || subject !== start) continue;
    }
    out.push([start, end]);
  }
  // A relative pronoun right after its noun whose clause the parser hung elsewhere (on the main
  // verb, as a conjunct): the tagger's WDT/WP still says what it is.
  for (const [m, w] of s.lower.entries()) {
    const noun = m - 1;
    if (!s.parsed || !RELATIVE.test(w) || !/^(WDT|WP)$/.test(s.xpos[m]) || noun < 1 || s.question) continue;
    if (!/^(NOUN|PROPN)$/.test(s.upos[noun]) || appositiveAt(s, noun) || s.lower.slice(Math.max(0, m - 6), m).includes('such'))
      continue;
    if (frame && noun <= frame[1]) continue;
    const clause = clauseHeadOf(s, m);
    if (clause < 0 || clause <= m || s.deprel[clause] === 'acl:relcl' || s.deprel[clause] === 'root') continue;
    out.push([m, subtree(s, clause)[1]]);
  }
  // preposition + which/whom after a noun: the house in which…
  for (const [i, w] of s.lower.entries()) {
    if (
      /^(which|whom)$/.test(w) &&
      PREPOSITIONS.has(s.lower[i - 1] ?? '') &&
      i >= 2 &&
      s.lower[i - 2] !== ',' &&
      !isVerb(s, i - 2)
    )
      out.push([i - 1, clauseFrom(s, i)[1]]);
  }
  for (const i of relativeAdverbs(s)) out.push(clauseFrom(s, i));
  // noun + whose + noun: the man whose car…
  for (const [i, w] of s.lower.entries()) {
    if (w === 'whose' && i > 0 && s.lower[i - 1] !== ',' && isNoun(s, i - 1)) out.push(clauseFrom(s, i));
  }
  return dedupe(out);
};

/** A place, time or reason noun, the plural too: the days when, the cities where. */
const placeOrTimeNoun = (noun: string) =>
  PLACE_TIME_NOUNS.has(noun) ||
  (noun.endsWith('ies') && PLACE_TIME_NOUNS.has(`${noun.slice(0, -3)}y`)) ||
  (noun.endsWith('s') && PLACE_TIME_NOUNS.has(noun.slice(0, -1)));

/** when/where/why right after a place, time or reason noun, opening a clause. */
function relativeAdverbs(s: Sentence): number[] {
  const finite = finiteVerbs(s);
  return s.lower.flatMap((w, i) => {
    if (!/^(where|when|why)$/.test(w) || i === 0) return [];
    if (!placeOrTimeNoun(s.lower[i - 1])) return [];
    // "the day when" after a verb of knowing is still a relative clause; a bare "when" after a verb is not.
    if (!DETERMINERS.has(s.lower[i - 2] ?? '') && !isNoun(s, i - 1)) return [];
    return opensClause(s, i + 1, finite) ? [i] : [];
  });
}

const relativeAdverb: Detector = (s) => relativeAdverbs(s).map((i) => [i, i + 1]);

const nonRestrictive: Detector = (s) =>
  s.lower.flatMap((w, i): Span[] => {
    if (!/^(who|whom|whose|which|where|when)$/.test(w) || s.lower[i - 1] !== ',' || i < 2) return [];
    if (s.question && i === 1) return [];
    const [start, end] = clauseFrom(s, i);
    let stop = end;
    for (let k = i + 1; k < s.lower.length; k++) {
      if (CLAUSE_END.has(s.lower[k])) {
        stop = k;
        break;
      }
    }
    return [[start, Math.min(end, stop)]];
  });

function appositiveAt(s: Sentence, noun: number): boolean {
  if (!APPOSITIVE_NOUNS.has(s.lower[noun]) || !/^(that|whether)$/.test(s.lower[noun + 1] ?? '')) return false;
  if (s.lower[noun] === 'order' && s.lower[noun - 1] === 'in') return false;
  // "that" as the clause's subject or object is a relative pronoun: the news that surprised us.
  if (!/^mark/.test(s.deprel[noun + 1])) return false;
  const verb = s.head[noun + 1];
  if (verb < 0) return false;
  // A clause without a subject of its own hung on the verb is the parser's slip (…that he told me was true).
  const objects = childrenOf(s, verb).filter(
    (c) => c > verb && (/^(obj|iobj|xcomp)/.test(s.deprel[c]) || (s.deprel[c] === 'ccomp' && hasSubject(s, c))),
  );
  // A clause that lacks its object is a relative clause, whatever the parser linked: the news
  // that he told me (told what?) against the news that he had won the prize.
  const lacksObject =
    (objects.length === 0 && GAP_VERBS.has(s.lower[verb])) ||
    (objects.length === 1 && DITRANSITIVE.has(s.lower[verb]) && OBJECT_PRONOUNS.has(s.lower[objects[0]]));
  return !lacksObject;
}

/** Verbs that are seldom without their object: with none after them, the object is the gap. */
const GAP_VERBS = forms(
  'tell/told',
  'say/said',
  'hear/heard',
  'mention',
  'give/gave/given',
  'bring/brought',
  'report',
  'write/wrote/written',
  'read/read',
  'receive',
  'send/sent',
  'make/made',
  'spread',
  'get/got',
  'believe',
  'know/knew/known',
  'publish',
);

const appositiveClause: Detector = (s) => s.lower.flatMap((_, i): Span[] => (appositiveAt(s, i) ? [clauseFrom(s, i + 1)] : []));

const objectClause: Detector = (s, f) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  // A clause the tree hangs on a verb as its object (ccomp), with a subject or a finite verb of its own.
  const subjectClauses = subjectClause(s, f);
  for (const [c, relation] of s.deprel.entries()) {
    if (relation !== 'ccomp') continue;
    const v = s.head[c];
    // The main predicate hung on the verb of a subject clause is no object (That he will come | is certain).
    if (subjectClauses.some(([a, b]) => a === 0 && v < b && c >= b)) continue;
    if (v < 0 || !isVerb(s, v) || BE.has(s.lower[v]) || childWith(s, v, /^aux:pass/) !== undefined) continue;
    // A clause has a finite verb; a verb's object with a complement (think it a waste of time)
    // is a small clause, which the tree also hangs as ccomp.
    if (!hasSubject(s, c) || !(finite.includes(c) || childrenOf(s, c).some((x) => finite.includes(x)))) continue;
    const [start, end] = subtree(s, c);
    if (start > v) out.push([start, end]);
  }
  // verb + what/who/how… + subject + verb, which the parser may read as an object with a clause.
  for (const [i, w] of s.lower.entries()) {
    if (!OBJECT_CLAUSE_VERBS.has(w) || (s.parsed && !isVerb(s, i))) continue;
    if (BE.has(s.lower[i - 1] ?? '') || childWith(s, i, /^aux:pass/) !== undefined) continue;
    const k = OBJECT_PRONOUNS.has(s.lower[i + 1]) && /^(tell|told|ask|asked|show|showed)/.test(w) ? i + 2 : i + 1;
    const marker = s.lower[k];
    if (!marker || !(WH.has(marker) || /^(whether|if|that)$/.test(marker))) continue;
    if (out.some(([a]) => a === k)) continue;
    const next = WH.has(marker) && !/^(what|who)$/.test(marker) ? k + 1 : k + 1;
    if (marker === 'if' && !/^(ask|asked|asks|wonder|wondered|wonders|know|knew|knows|see|check|checked)$/.test(w)) continue;
    if (opensClause(s, next, finite) || (/^(what|who)$/.test(marker) && finite.some((v) => v > k && v - k <= 5)))
      out.push(clauseFrom(s, k));
  }
  return dedupe(out.filter(([a]) => !within(f.absolutes, a) && !comparativeHalf(s, a)));
};

const SUBJECT_MARKERS = /^(what|whatever|whoever|whether|that|who|how|why|where|when)$/;

const subjectClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  if (SUBJECT_MARKERS.test(s.lower[0] ?? '') && !s.question && !s.exclamation) {
    const comma = s.lower.indexOf(',');
    const inner = finite.filter((v) => v > 0 && (comma < 0 || v < comma));
    // That/Whether + a subject + its verb, then the main verb: the parser may give that verb
    // another subject ("That he will come tomorrow is certain": tomorrow is certain).
    const marked =
      /^(that|whether)$/.test(s.lower[0]) &&
      (SUBJECT_PRONOUNS.has(s.lower[1]) || DETERMINERS.has(s.lower[1]) || s.upos[1] === 'PROPN');
    if (marked && inner.length >= 2) {
      out.push([0, inner[1]]);
      return out;
    }
    // Two finite verbs before any comma, the second taking the clause as its subject.
    if (inner.length >= 2 && !DETERMINERS.has(s.lower[1]) && s.lower[1] !== 'a') {
      const main = inner.find((v, k) => {
        if (k === 0) return false;
        const subject = subjectOf(s, v);
        // The clause is the subject, or the parser gave the main verb none (it took the clause for something else).
        if (subject === undefined) return true;
        return subject < v && subtree(s, subject)[0] === 0 && subtree(s, subject)[1] > inner[0];
      });
      if (main !== undefined) out.push([0, main]);
    }
  }
  // It is clear that / It seems that… : the that-clause is the subject.
  const formal = formalSubjectFrame(s);
  if (formal && /^(that|whether|what|who|how|why|when|where|if)$/.test(s.lower[formal.marker])) {
    if (formal.marker !== -1) out.push([formal.marker, lastWord(s)]);
  }
  return out;
};

const predicativeClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  for (const i of finite) {
    const w = s.lower[i];
    const linking = BE.has(w) || /^(seems?|seemed|looks?|looked|sounds?|sounded|feels?|felt)$/.test(w);
    if (!linking || i === 0) continue;
    if (s.lower[i - 1] === 'it' && BE.has(w)) continue;
    let k = i + 1;
    while (/^(not|just|exactly|probably|still)$/.test(s.lower[k] ?? '')) k++;
    const m = s.lower[k];
    if (m === 'as' && /^(if|though)$/.test(s.lower[k + 1] ?? '')) {
      out.push([k, lastWord(s)]);
      continue;
    }
    if (!m || !/^(that|whether|what|why|how|where|when|because|who)$/.test(m) || !BE.has(w)) continue;
    if (m === 'that' && !/^mark/.test(s.deprel[k]) && !opensClause(s, k + 1, finite)) continue;
    if (opensClause(s, k + 1, finite) || (/^(what|who)$/.test(m) && finite.some((v) => v > k)))
      out.push([k, clauseFrom(s, k)[1]]);
  }
  return out;
};

function adverbialClause(
  markers: RegExp,
  options: { multi?: string[]; check?: (s: Sentence, i: number) => boolean } = {},
): Detector {
  return (s) => {
    const out: Span[] = [];
    const finite = finiteVerbs(s);
    for (const [i, w] of s.lower.entries()) {
      let start = i;
      let next = i + 1;
      if (options.multi) {
        const phrase = options.multi.find((p) => p.split(' ').every((x, k) => s.lower[i + k] === x));
        if (!phrase) continue;
        if (i > 0 && options.multi.some((p) => p.split(' ').every((x, k) => s.lower[i - 1 + k] === x))) continue;
        next = i + phrase.split(' ').length;
      } else if (!markers.test(w)) continue;
      if (options.check && !options.check(s, i)) continue;
      const endsWithWh = WH.has(s.lower[next - 1]) && finite.includes(next);
      if (!opensClause(s, next, finite) && !endsWithWh) continue;
      start = i;
      const clause = clauseEnd(s, start, next);
      out.push([start, clause]);
    }
    return out;
  };
}

/** An adverbial clause runs to the comma that closes it, or to the sentence's end. */
function clauseEnd(s: Sentence, start: number, from: number): number {
  const end = lastWord(s);
  for (let k = from; k < end; k++) if (CLAUSE_END.has(s.lower[k])) return k;
  return start === 0 ? end : end;
}

const notAfterNoun = (s: Sentence, i: number) => i === 0 || !(PLACE_TIME_NOUNS.has(s.lower[i - 1]) || isNoun(s, i - 1));
/** "a book when I came in": the tree hangs the clause on the verb, and the noun is no time or place. */
const adverbialAfterNoun = (s: Sentence, i: number) =>
  s.parsed && !placeOrTimeNoun(s.lower[i - 1] ?? '') && s.deprel[clauseHeadOf(s, i)] === 'advcl';
const notReported = (s: Sentence, i: number) =>
  !OBJECT_CLAUSE_VERBS.has(s.lower[i - 1] ?? '') &&
  !(OBJECT_PRONOUNS.has(s.lower[i - 1] ?? '') && OBJECT_CLAUSE_VERBS.has(s.lower[i - 2] ?? '')) &&
  !(i === 0 && s.question);
const perfectSomewhere = (s: Sentence) =>
  s.lower.some((w, k) => /^(have|has|had|having)$/.test(w) && s.deprel[k] === 'aux' && s.xpos[s.head[k]] === 'VBN');

const timeClause = adverbialClause(/^(when|whenever|while|before|after|until|till|since|once)$/, {
  check: (s, i) =>
    notReported(s, i) &&
    (s.lower[i] !== 'when' || notAfterNoun(s, i) || s.lower[i - 1] === ',' || adverbialAfterNoun(s, i)) &&
    (s.lower[i] !== 'since' || perfectSomewhere(s)) &&
    (s.lower[i] !== 'while' || !s.lower.slice(i + 1, i + 4).some((w) => /^(is|are|was|were)$/.test(w)) || true) &&
    !/^(no|not)$/.test(s.lower[i - 1] ?? ''),
});
const timeClauseMulti = adverbialClause(/^$/, {
  multi: ['as soon as', 'by the time', 'the moment', 'every time', 'the minute', 'not until'],
});
const causeClause = adverbialClause(/^(because|since)$/, {
  check: (s, i) => s.lower[i + 1] !== 'of' && (s.lower[i] !== 'since' || !perfectSomewhere(s)),
});
const causeClauseMulti = adverbialClause(/^$/, { multi: ['now that', 'in that', 'seeing that'] });
const conditionClause = adverbialClause(/^(if|unless)$/, {
  check: (s, i) => notReported(s, i) && !/^(as|even|only)$/.test(s.lower[i - 1] ?? ''),
});
const conditionClauseMulti = adverbialClause(/^$/, {
  multi: ['as long as', 'so long as', 'provided that', 'on condition that', 'in case', 'only if'],
});
const concessionClause = adverbialClause(/^(although|though)$/, { check: (s, i) => s.lower[i - 1] !== 'as' });
const concessionClauseMulti = adverbialClause(/^$/, {
  multi: ['even though', 'even if', 'no matter what', 'no matter how', 'no matter who', 'no matter where', 'no matter when'],
});
const concessionAsInversion: Detector = (s) => {
  // Young as he is, … / Try as he might, …
  const comma = s.lower.indexOf(',');
  if (comma < 3 || s.lower[1] !== 'as') return [];
  return SUBJECT_PRONOUNS.has(s.lower[2]) || DETERMINERS.has(s.lower[2]) ? [[0, comma]] : [];
};
const concessionWh: Detector = (s) => {
  const comma = s.lower.indexOf(',');
  if (comma < 2 || !/^(whatever|however|whoever|wherever|whenever|whichever)$/.test(s.lower[0])) return [];
  return [[0, comma]];
};

const resultClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'so' && w !== 'such') continue;
    const limit = w === 'so' ? 4 : 7;
    for (let k = i + 2; k <= i + limit && k < s.lower.length; k++) {
      if (CLAUSE_END.has(s.lower[k])) break;
      if (s.lower[k] === 'that' && opensClause(s, k + 1, finite)) {
        out.push([i, clauseEnd(s, i, k + 1)]);
        break;
      }
    }
  }
  // ", so that …" without a modal: a result.
  for (const [i, w] of s.lower.entries()) {
    if (w === 'so' && s.lower[i + 1] === 'that' && s.lower[i - 1] === ',' && !purposeModal(s, i + 2))
      out.push([i, clauseEnd(s, i, i + 2)]);
  }
  return out;
};

const purposeModal = (s: Sentence, from: number) =>
  s.lower.slice(from, from + 6).some((w) => /^(can|could|may|might|will|would|should|won't|wouldn't|couldn't|can't)$/.test(w));

const purposeClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  for (const [i, w] of s.lower.entries()) {
    const soThat = w === 'so' && s.lower[i + 1] === 'that' && s.lower[i - 1] !== ',' && purposeModal(s, i + 2);
    const inOrder = w === 'in' && s.lower[i + 1] === 'order' && s.lower[i + 2] === 'that';
    const lest = w === 'lest' || (w === 'for' && s.lower[i + 1] === 'fear' && s.lower[i + 2] === 'that');
    if (!soThat && !inOrder && !lest) continue;
    const next = soThat ? i + 2 : inOrder ? i + 3 : w === 'lest' ? i + 1 : i + 3;
    if (opensClause(s, next, finite)) out.push([i, clauseEnd(s, i, next)]);
  }
  return out;
};

const comparativeClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'than' && w !== 'as') continue;
    if (w === 'as' && !asComparison(s, i)) continue;
    const subject = s.lower[i + 1];
    // than we did, as his father did, as the others had: a subject opens the clause.
    const opensSubject =
      SUBJECT_PRONOUNS.has(subject) || DETERMINERS.has(subject) || s.xpos[i + 1] === 'PRP$' || /^[A-Z]/.test(s.words[i + 1]);
    if (!subject || !opensSubject) continue;
    if (!opensClause(s, i + 1, finite)) continue;
    out.push([i, clauseEnd(s, i, i + 1)]);
  }
  return out;
};

/** The second "as" of as … as. */
function asComparison(s: Sentence, i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 4); k--)
    if (s.lower[k] === 'as') return k < i - 1 && !/^(soon|long|well|far)$/.test(s.lower[k + 1]);
  return false;
}

const mannerClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'as' || i === 0) continue;
    const prev = s.lower[i - 1];
    if (/^(if|though)$/.test(s.lower[i + 1] ?? '')) {
      const linking = BE.has(prev) || /^(seems?|seemed|looks?|looked|sounds?|sounded|feels?|felt)$/.test(prev);
      if (!linking && opensClause(s, i + 2, finite)) out.push([i, clauseEnd(s, i, i + 2)]);
      continue;
    }
    if (asComparison(s, i) || s.lower.slice(Math.max(0, i - 4), i).includes('as') || /^(such|same|so)$/.test(prev)) continue;
    // After its verb, or its verb's object (Do it as I told you), as the tree shows.
    const clause = s.head[i];
    const afterVerb =
      s.parsed &&
      s.deprel[i] === 'mark' &&
      clause > i &&
      s.deprel[clause] === 'advcl' &&
      s.upos[s.head[clause]] === 'VERB' &&
      s.head[clause] < i;
    if (isVerb(s, prev === ',' ? i - 2 : i - 1) || (i === 1 && /^do$/.test(s.lower[0])) || afterVerb) {
      if (opensClause(s, i + 1, finite)) out.push([i, clauseEnd(s, i, i + 1)]);
    }
  }
  return out;
};

const placeClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'where' && w !== 'wherever') continue;
    if (i === 0 && s.question) continue;
    if (i > 0 && (PLACE_TIME_NOUNS.has(s.lower[i - 1]) || isNoun(s, i - 1) || OBJECT_CLAUSE_VERBS.has(s.lower[i - 1]))) continue;
    if (i > 0 && s.lower[i - 1] === ',') continue;
    if (i > 0 && OBJECT_PRONOUNS.has(s.lower[i - 1]) && OBJECT_CLAUSE_VERBS.has(s.lower[i - 2])) continue;
    if (opensClause(s, i + 1, finite)) out.push([i, clauseEnd(s, i, i + 1)]);
  }
  return out;
};

// ---------------------------------------------------------------- non-finite verbs

const TO_VERBS = forms(
  'decide',
  'want',
  'hope',
  'plan',
  'try/tried',
  'learn',
  'agree',
  'refuse',
  'begin/began/begun',
  'start',
  'need',
  'wish',
  'expect',
  'promise',
  'manage',
  'fail',
  'seem',
  'happen',
  'choose/chose/chosen',
  'offer',
  'prepare',
  'pretend',
  'would like',
);

/** to + verb after a verb that takes an infinitive, where the parser read "to" as a preposition. */
const infinitiveByWords: Detector = (s) =>
  s.lower.flatMap((w, i): Span[] =>
    w === 'to' &&
    (TO_VERBS.has(s.lower[i - 1] ?? '') || s.xpos[i + 1] === 'VB') &&
    !DETERMINERS.has(s.lower[i + 1] ?? '') &&
    !OBJECT_PRONOUNS.has(s.lower[i + 1] ?? '') &&
    /^[a-z]+$/.test(s.lower[i + 1] ?? '')
      ? [[i, i + 2]]
      : [],
  );

const infinitiveByLinks: Detector = (s) =>
  s.lower.flatMap((w, k): Span[] => {
    const verb = s.head[k];
    if (w !== 'to' || s.deprel[k] !== 'mark' || verb < 0 || verb < k || (!isVerb(s, verb) && chainOf(s, verb).length === 0))
      return [];
    if (s.lower[k - 1] === 'going' && BE.has(s.lower[k - 2] ?? '')) return [];
    // to + the verb, or to + be/have + …: the words up to the infinitive's own verb.
    const chain = chainOf(s, verb).filter((c) => c > k);
    return [[k, (chain[0] ?? verb) + 1]];
  });

const NOT_GERUND_HEADS =
  /^(go|goes|went|gone|going|come|came|spend|spent|see|saw|seen|hear|heard|watch|watched|notice|noticed|find|found|feel|felt|keep|keeps|kept|sit|sat|stand|stood|lie|lay)$/;

const gerund: Detector = (s, f) => {
  const out: Span[] = [];
  const progressive = new Set(f.groups.filter((g) => g.progressive).flatMap((g) => g.words));
  for (const [i, w] of s.lower.entries()) {
    if (!isIngForm(w) || isName(s, i) || progressive.has(i) || within(f.absolutes, i)) continue;
    if (s.upos[i] === 'ADJ' || s.upos[i] === 'PROPN') continue;
    // a sports meeting, the building: an -ing noun with a determiner or modifier is a noun.
    if (s.upos[i] === 'NOUN' && childWith(s, i, /^(det|amod|compound|nmod:poss)/) !== undefined) continue;
    const h = s.head[i];
    const subject = subjectOf(s, h) === i && /^(nsubj|csubj)/.test(s.deprel[i]);
    const asSubject =
      (subject && (i === 0 || !s.lower.slice(0, i).includes(','))) ||
      (i === 0 && w !== 'having' && /^(nsubj|csubj)/.test(s.deprel[i]));
    const afterPreposition = PREPOSITIONS.has(s.lower[i - 1] ?? '') && s.lower[i - 1] !== 'to' && !(i === 1);
    const asObject =
      h >= 0 &&
      h < i &&
      /^(obj|xcomp|ccomp)$/.test(s.deprel[i]) &&
      s.upos[h] === 'VERB' &&
      !BE.has(s.lower[h]) &&
      !NOT_GERUND_HEADS.test(s.lower[h]) &&
      childWith(s, i, /^(mark|nsubj)/) === undefined &&
      (s.deprel[i] === 'obj' || childWith(s, h, /^obj$/) === undefined);
    const predicative = BE.has(s.lower[i - 1] ?? '') && gerundPredicative(s, predicateOf(s, i - 1));
    const afterDetTo = s.lower[i - 1] === 'to' && /^(looking|used|devoted|objection|addicted)$/.test(s.lower[i - 2] ?? '');
    if (asSubject || afterPreposition || asObject || predicative || afterDetTo) out.push([i, i + 1]);
  }
  return out;
};

const presentParticiple: Detector = (s, f) => {
  const out: Span[] = [];
  const progressive = new Set(f.groups.filter((g) => g.progressive).flatMap((g) => g.words));
  const gerunds = new Set(gerund(s, f).map(([a]) => a));
  for (const [i, w] of s.lower.entries()) {
    if (!isIngForm(w) || isName(s, i) || progressive.has(i) || gerunds.has(i) || within(f.absolutes, i)) continue;
    // An -ing word the tagger calls an adjective or a noun is one: an interesting book, the building.
    // "Having" or "being" opening a participle clause is the participle's auxiliary ("Having
    // finished the work, …").
    const participleAux = s.upos[i] === 'AUX' && /^(having|being)$/.test(w) && i === 0;
    if (s.parsed && s.upos[i] !== 'VERB' && !participleAux) continue;
    if (s.lower[i - 1] === 'to' || BE.has(s.lower[i - 1] ?? '') || /^(go|goes|went|gone|going)$/.test(s.lower[i - 1] ?? ''))
      continue;
    const opening = (i === 0 || (i === 1 && /^(having|not)$/.test(s.lower[0]))) && s.lower.includes(',');
    const afterComma = s.lower[i - 1] === ',';
    const modifier = /^(acl|amod|advcl|xcomp)$/.test(s.deprel[i]) && childWith(s, i, /^(nsubj|mark|aux)/) === undefined;
    const afterNoun =
      i > 0 && isNoun(s, i - 1) && !/^(this|that|it)$/.test(s.lower[i - 1]) && DETERMINERS.has(s.lower[i - 2] ?? '');
    const afterPerception = PERCEPTION.has(s.lower[i - 2] ?? '') && OBJECT_PRONOUNS.has(s.lower[i - 1] ?? '');
    if (opening || afterComma || modifier || afterNoun || afterPerception) out.push([i, i + 1]);
  }
  return out;
};

const pastParticiple: Detector = (s, f) => {
  const out: Span[] = [];
  const inGroups = new Set(f.groups.flatMap((g) => g.words));
  for (const [i, w] of s.lower.entries()) {
    if (!isParticipleForm(w) || inGroups.has(i) || within(f.absolutes, i)) continue;
    if (s.parsed && (s.xpos[i] !== 'VBN' || s.upos[i] === 'AUX' || childWith(s, i, /^(aux|nsubj)/) !== undefined)) continue;
    if (HAVE_PRESENT.has(s.lower[i - 1] ?? '') || HAD.has(s.lower[i - 1] ?? '') || BE.has(s.lower[i - 1] ?? '')) continue;
    const opening = i === 0 && s.lower.includes(',');
    const afterComma = s.lower[i - 1] === ',';
    const afterConjunction = /^(when|if|unless|though|although|once|until|while|as)$/.test(s.lower[i - 1] ?? '');
    const modifier = /^(acl|advcl)$/.test(s.deprel[i]) && i > s.head[i];
    const complement = /^(xcomp|acl)$/.test(s.deprel[i]) && CAUSATIVE.has(s.lower[i - 3] ?? '');
    if (opening || afterComma || afterConjunction || modifier || complement) out.push([i, i + 1]);
  }
  return out;
};

/** Noun phrase + participle / adjective / prepositional phrase, set off by a comma, with no finite verb. */
function absoluteSpans(s: Sentence): Span[] {
  const out: Span[] = [];
  const end = lastWord(s);
  const segments: Span[] = [];
  const comma = s.lower.indexOf(',');
  if (comma > 1) segments.push([0, comma]);
  const lastComma = s.lower.lastIndexOf(',');
  if (lastComma > 0 && lastComma < end - 2) segments.push([lastComma + 1, end]);
  const finite = finiteVerbs(s);
  for (const [a, b] of segments) {
    const words = s.lower.slice(a, b);
    if (words.some((w) => AUX.has(w))) continue;
    // A part with a finite verb of its own is a clause ("they fired into the crowd"), not an absolute.
    if (finite.some((v) => v >= a && v < b)) continue;
    let k = 0;
    const withPhrase = words[0] === 'with' || words[0] === 'without';
    if (withPhrase) k = 1;
    else if (
      PREPOSITIONS.has(words[0]) ||
      /^(when|while|if|though|although|because|since|once|unless|as|after|before|and|but|so)$/.test(words[0])
    )
      continue;
    if (s.parsed && !withPhrase) {
      // With the tree: a noun, then right after it a participle, adjective or adverb that says what
      // it does or is (The meeting over / Weather permitting / his hands shaking), the noun no
      // modifier of a later word (a soul searching article), the last word no list's conjunct.
      const found = words.some((_, j) => {
        const n = a + j;
        const x = n + 1;
        if (x >= b || !/^(NOUN|PROPN|PRON)$/.test(s.upos[n]) || SUBJECT_PRONOUNS.has(s.lower[n])) return false;
        if (s.head[n] > x && s.head[n] < b) return false;
        const says =
          isIngForm(s.lower[x]) ||
          isParticipleForm(s.lower[x]) ||
          s.upos[x] === 'ADJ' ||
          /^VB[GN]$/.test(s.xpos[x]) ||
          /^(over|off|out|up|down|back|through|away|aside)$/.test(s.lower[x]);
        return (
          says && !/^(amod|compound|conj|obj|nsubj|det)/.test(s.deprel[x]) && !words.slice(0, j).some((_, i) => isVerb(s, a + i))
        );
      });
      const restHasVerb = s.lower.some((w, i) => (i < a || i >= b) && (AUX.has(w) || isVerb(s, i)));
      if (found && restHasVerb) out.push([a, b]);
      continue;
    }
    // The noun phrase: a determiner or not, then the noun, before the participle.
    const head = words.slice(k).findIndex((w) => isIngForm(w) || isParticipleForm(w));
    if (head < 1) {
      // with + a noun + what it is or does (with the door open); with the tree, not with + a noun alone.
      const predicate =
        !s.parsed ||
        words
          .slice(k + 1)
          .some((_, j) => /^(ADJ|ADV|ADP|VERB)$/.test(s.upos[a + k + 1 + j]) && s.deprel[a + k + 1 + j] !== 'amod');
      if (withPhrase && words.length >= 3 && predicate) out.push([a, b]);
      continue;
    }
    const noun = k + head - 1;
    if (isIngForm(words[noun]) || isParticipleForm(words[noun]) || (SUBJECT_PRONOUNS.has(words[noun]) && !withPhrase)) continue;
    // A verb before the noun makes the part a clause ("they went on working"), not a noun phrase
    // with its participle. (The noun itself may be read as a verb: "his hands.v shaking".)
    if (words.slice(k, noun).some((_, j) => isVerb(s, a + k + j))) continue;
    // The rest of the sentence must be a clause of its own.
    const restHasVerb = s.lower.some((w, i) => (i < a || i >= b) && (AUX.has(w) || isVerb(s, i)));
    if (!restHasVerb && s.parsed) continue;
    if (!s.parsed && !s.lower.some((w, i) => (i < a || i >= b) && AUX.has(w))) continue;
    out.push([a, b]);
  }
  return out;
}

const absolute: Detector = (_s, f) => f.absolutes;

// ---------------------------------------------------------------- special sentence patterns

/** It is/was + X + that/who…: the frame's words, and where the clause starts. */
function cleftFrame(s: Sentence): [number, number] | null {
  let i = 0;
  if (s.lower[0] === 'it' && /^(is|was|'s)$/.test(s.lower[1] ?? '')) i = 2;
  else if (/^(is|was)$/.test(s.lower[0] ?? '') && s.lower[1] === 'it') i = 2;
  else return null;
  if (s.lower[i] === 'not' && s.lower[i + 1] === 'until') i += 2;
  else if (s.lower[i] === 'not' || s.lower[i] === 'only') i++;
  const x = s.lower[i];
  if (!x) return null;
  const marker = s.lower.findIndex((w, k) => k > i && /^(that|who|whom)$/.test(w));
  if (marker < 0 || marker - i > 8) return null;
  const focus = s.lower.slice(i, marker);
  if (focus.some((w) => w === ',')) return null;
  const properOrPronoun =
    focus.length <= 2 && (/^(i|me|you|he|him|she|her|we|us|they|them)$/.test(x) || /^[A-Z]/.test(s.words[i]));
  const adverbial =
    PREPOSITIONS.has(x) || /^(because|when|until|yesterday|today|then|here|there|last|this|only)$/.test(x) || /^\d/.test(x);
  const nounSubjectGap =
    DETERMINERS.has(x) && (isVerb(s, marker + 1) || AUX.has(s.lower[marker + 1] ?? '') || s.lower[marker] === 'who');
  if (isAdjective(s, i) || FORMAL_SUBJECT_NOUNS.has(s.lower[marker - 1]) || s.lower[marker - 1] === 'time') return null;
  if (properOrPronoun || adverbial || nounSubjectGap || s.lower[i - 1] === 'until') return [0, marker];
  return null;
}

const cleft: Detector = (s) => (cleftFrame(s) ? [[0, lastWord(s)]] : []);

/** it + be/seem… + adjective/noun + to do / that…, or it + take + time + to do. */
/**
 * Where the tree says "it" is an expletive (It is my job to answer…): the first word of the clause
 * after its predicate that the expletive stands for (to, that, whether, a wh-word), or -1.
 */
function extraposedClause(s: Sentence, it: number): number {
  const predicate = s.head[it];
  if (s.deprel[it] !== 'expl' || predicate <= it) return -1;
  for (const c of childrenOf(s, predicate)) {
    if (c < predicate || !/^(csubj|acl|ccomp|advcl|xcomp)/.test(s.deprel[c])) continue;
    const start = subtree(s, c)[0];
    if (start > predicate && /^(to|that|whether|how|what|why|who|when|where)$/.test(s.lower[start])) return start;
  }
  return -1;
}

function formalSubjectFrame(s: Sentence): { it: number; marker: number } | null {
  if (cleftFrame(s)) return null;
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'it' || (i > 0 && !/^(,|that|and|but|so|because|if|when|though)$/.test(s.lower[i - 1]))) continue;
    const clause = s.parsed ? extraposedClause(s, i) : -1;
    if (clause >= 0) return { it: i, marker: clause };
    let k = i + 1;
    while (AUX.has(s.lower[k] ?? '') || /^(not|never|also|quite|very|so|really)$/.test(s.lower[k] ?? '')) k++;
    const verb = s.lower[k - 1];
    if (/^(seems?|seemed|appears?|appeared|happens?|happened)$/.test(s.lower[k] ?? '') && s.lower[k + 1] === 'that')
      return { it: i, marker: k + 1 };
    if (
      BE.has(s.lower[k - 1] ?? '') &&
      /^(said|reported|believed|known|thought|hoped|expected|suggested|estimated)$/.test(s.lower[k] ?? '') &&
      s.lower[k + 1] === 'that'
    )
      return { it: i, marker: k + 1 };
    if (/^(takes?|took|taken|cost|costs)$/.test(s.lower[k] ?? '')) {
      const to = s.lower.indexOf('to', k);
      if (to > k && to - k <= 5) return { it: i, marker: to };
      continue;
    }
    if (!BE.has(verb ?? '') && !/^(becomes?|became)$/.test(s.lower[k - 1] ?? '')) continue;
    // adjective (+ for/of sb) / a noun phrase, then to / that / whether / wh / -ing
    for (let m = k; m < Math.min(s.lower.length, k + 6); m++) {
      const x = s.lower[m];
      if (
        /^(to|that|whether|how|what|why|who|when|where)$/.test(x) ||
        (isIngForm(x) && /^(use|good|worth)$/.test(s.lower[m - 1]))
      ) {
        const middle = s.lower.slice(k, m);
        const adjective =
          middle.some((_, j) => isAdjective(s, k + j)) ||
          middle.some((x2) =>
            /^(necessary|important|possible|impossible|clear|likely|easy|hard|difficult|strange|true|obvious|certain|natural|kind|nice|useless)$/.test(
              x2,
            ),
          );
        const noun = middle.some((x2) => FORMAL_SUBJECT_NOUNS.has(x2)) || /^(use|good|worth)$/.test(s.lower[m - 1]);
        if (x === 'to' && s.parsed && s.xpos[m + 1] !== 'VB' && !(s.deprel[m] === 'mark' && s.head[m] > m)) break;
        if ((adjective || noun) && middle.length > 0) return { it: i, marker: m };
        break;
      }
      if (CLAUSE_END.has(x)) break;
    }
  }
  return null;
}

const formalSubject: Detector = (s) => {
  const f = formalSubjectFrame(s);
  return f ? [[f.it, f.it + 1]] : [];
};

const formalObject: Detector = (s) => {
  const out: Span[] = [];
  for (const [i, w] of s.lower.entries()) {
    if (!FORMAL_OBJECT_VERBS.has(w) || s.lower[i + 1] !== 'it') continue;
    for (let m = i + 3; m < Math.min(s.lower.length, i + 8); m++) {
      if (/^(to|that)$/.test(s.lower[m])) {
        if (s.lower[m] === 'to' && s.parsed && s.xpos[m + 1] !== 'VB') break;
        out.push([i + 1, i + 2]);
        break;
      }
      if (CLAUSE_END.has(s.lower[m])) break;
    }
  }
  return out;
};

const thereBe: Detector = (s) =>
  s.lower.flatMap((w, i): Span[] => {
    if (w !== 'there') return [];
    if (i > 0 && BE.has(s.lower[i - 1]) && (i === 1 || s.lower[i - 2] === ',')) return [[i - 1, i + 1]];
    if (i > 0 && /^(over|in|out|from|up|down|go|get|went|here|stay|live|lives|lived|sitting|standing)$/.test(s.lower[i - 1]))
      return [];
    let k = i + 1;
    if (MODALS.has(s.lower[k]) || FUTURE.has(s.lower[k])) k++;
    if (HAVE_PRESENT.has(s.lower[k]) || HAD.has(s.lower[k])) k++;
    if (/^(used|going|seems?|seemed|appears?|happens?)$/.test(s.lower[k] ?? '') && s.lower[k + 1] === 'to') k += 2;
    if (/^(not|never)$/.test(s.lower[k] ?? '')) k++;
    return BE.has(s.lower[k] ?? '') || /^(there's)$/.test(w) ? [[i, k + 1]] : [];
  });

const inversion: Detector = (s) => {
  const out: Span[] = [];
  if (s.question) return out;
  const end = lastWord(s);
  const auxSubject = (k: number) =>
    AUX.has(s.lower[k] ?? '') &&
    (SUBJECT_PRONOUNS.has(s.lower[k + 1] ?? '') || DETERMINERS.has(s.lower[k + 1] ?? '') || /^[A-Z]/.test(s.words[k + 1] ?? ''));
  const openers = [0];
  for (const [i, w] of s.lower.entries()) if (w === ',' && i + 1 < end) openers.push(i + 1);
  for (const start of openers) {
    const w = s.lower[start];
    const two = `${w} ${s.lower[start + 1] ?? ''}`;
    let from = -1;
    if (
      NEGATIVE_OPENERS.has(w) ||
      w === 'only' ||
      two === 'not only' ||
      two === 'not until' ||
      two === 'no sooner' ||
      /^(in|at|under|on|by) no$/.test(two)
    )
      from = start + 1;
    else if (/^(so|neither|nor)$/.test(w) && auxSubject(start + 1)) from = start + 1;
    if (from >= 0) {
      // The first auxiliary followed by its subject, before the clause ends.
      for (let k = from; k < end; k++) {
        if (auxSubject(k) && (k > from || NEGATIVE_OPENERS.has(w) || /^(so|neither|nor)$/.test(w) || two === 'not only')) {
          const inverted = !s.parsed || /^(so|neither|nor)$/.test(w) || invertedAt(s, k) || !hasSubject(s, k);
          if (inverted) out.push([start, k + 2]);
          break;
        }
        if (w !== 'not' && w !== 'only' && CLAUSE_END.has(s.lower[k]) && w !== 'so') break;
      }
      continue;
    }
    // So + adjective + be + subject + that…
    if (w === 'so' && isAdjective(s, start + 1) && BE.has(s.lower[start + 2] ?? '')) {
      out.push([start, start + 4]);
      continue;
    }
    // Had/Were/Should + subject… in a condition, with a main clause after a comma.
    if (start === 0 && /^(had|were|should)$/.test(w) && s.lower.includes(',') && auxSubject(0)) {
      out.push([0, 2]);
      continue;
    }
    // Full inversion: Here comes the bus; In front of the house stands a tree; Out rushed the children.
    if (start === 0 && s.parsed) {
      // The root verb after its adverbial and before its subject, a noun phrase; not there is/are.
      const root = s.head.indexOf(-1);
      const subject = root > 0 ? subjectOf(s, root) : undefined;
      if (
        root > 0 &&
        s.upos[root] === 'VERB' &&
        subject !== undefined &&
        subject > root &&
        !SUBJECT_PRONOUNS.has(s.lower[subject]) &&
        childWith(s, root, /^expl/) === undefined &&
        !AUX.has(s.lower[root]) &&
        !/^(said|says|say|asked|asks|replied|added|wrote|writes|explained|answered|cried|shouted|continued)$/.test(
          s.lower[root],
        ) &&
        chainOf(s, root)[0] === root &&
        /^(advmod|obl|compound:prt)/.test(s.deprel[0] === 'case' ? s.deprel[s.head[0]] : s.deprel[0])
      ) {
        out.push([0, root + 1]);
        continue;
      }
    }
    if (
      start === 0 &&
      /^(out|in|up|down|away|off|here|there)$/.test(w) &&
      s.lower[1] &&
      !AUX.has(s.lower[1]) &&
      (!s.parsed || isVerb(s, 1))
    ) {
      const subj = s.lower[2];
      if (s.parsed && subj && (DETERMINERS.has(subj) || /^[A-Z]/.test(s.words[2])) && !SUBJECT_PRONOUNS.has(subj))
        out.push([0, 2]);
    }
  }
  return dedupe(out);
};

const emphaticDo: Detector = (s) =>
  s.lower.flatMap((w, k): Span[] => {
    const verb = s.head[k];
    if (!/^(do|does|did)$/.test(w) || s.deprel[k] !== 'aux' || verb <= k || s.question) return [];
    const subject = subjectOf(s, k);
    if (subject === undefined || subject > k || s.xpos[verb] !== 'VB') return [];
    if (s.lower.slice(k + 1, verb).some((x) => /^(not|never)$/.test(x))) return [];
    return [[k, verb + 1]];
  });

const ellipsis: Detector = (s) => {
  const out: Span[] = [];
  for (const [i, w] of s.lower.entries()) {
    if (!/^(when|while|if|unless|though|although|once|until|whenever)$/.test(w)) continue;
    const next = s.lower[i + 1] ?? '';
    const elided =
      /^(possible|necessary|so|not|in|at|on|asked|given|needed|alone|young|in|under)$/.test(next) ||
      ((isIngForm(next) || isParticipleForm(next)) && !hasSubject(s, i + 1));
    if (elided) out.push([i, clauseEnd(s, i, i + 1)]);
  }
  // A closing "to" standing for an infinitive: I'd like to.
  const end = lastWord(s);
  if (end > 1 && s.lower[end - 1] === 'to') out.push([end - 1, end]);
  return out;
};

const coordination: Detector = (s) => {
  const out: Span[] = [];
  if (!s.parsed) return out;
  // Each finite clause's subject and its verb group's first word.
  const subjects = clauseChains(s).flatMap(({ chain, predicate }) => {
    const subject = childWith(s, predicate, SUBJECT_REL) ?? childWith(s, predicate, /^expl/);
    return subject === undefined ? [] : [{ left: Math.min(subject, chain[0]), right: Math.max(subject, chain[0]) }];
  });
  for (const [i, w] of s.lower.entries()) {
    if (!/^(and|but|or|so|yet)$/.test(w) || i === 0) continue;
    if (w === 'so' && (s.lower[i - 1] !== ',' || s.lower[i + 1] === 'that')) continue;
    const before = subjects.some((l) => l.right < i);
    const after = subjects.some((l) => l.left > i && l.left - i <= 4);
    if (before && after) out.push([i, i + 1]);
  }
  return out;
};

const comparative: Detector = (s) => {
  const out: Span[] = [];
  if (doubleComparative(s).length) return out;
  for (const [i, w] of s.lower.entries()) {
    const parserSays = /^(JJR|RBR)$/.test(s.xpos[i]) && !/^(as|than|so|more|less|further|rather|other|later|earlier)$/.test(w);
    const irregular = /^(better|worse|more|less|fewer|further|farther|elder|older)$/.test(w);
    const er = /er$/.test(w) && w.length > 4;
    const than = s.lower.slice(i + 1, i + 5).includes('than') && !/^(rather|other)$/.test(w);
    if (w === 'more' || w === 'less') {
      if (than && !/^\d/.test(s.lower[i + 2] ?? '') && s.lower[i + 1] !== 'than') out.push([i, i + 2]);
      else if (s.lower[i + 1] === 'than' && !/^\d|^(a|an|one|two|three|ten|twenty|hundred)$/.test(s.lower[i + 2] ?? ''))
        out.push([i, i + 1]);
      continue;
    }
    if (parserSays || ((irregular || er) && than && (!s.parsed || !/^(NOUN|PROPN)$/.test(s.upos[i])))) out.push([i, i + 1]);
  }
  return out;
};

const superlative: Detector = (s) => {
  const out: Span[] = [];
  const NOT_EST =
    /^(honest|interest|forest|test|rest|west|chest|guest|nest|request|suggest|protest|contest|earnest|modest|harvest|invest|arrest|digest|manifest|east|least|breakfast|pest|vest|quest|crest|lest|unrest)$/;
  for (const [i, w] of s.lower.entries()) {
    const prev = s.lower[i - 1] ?? '';
    const determined = prev === 'the' || /^(my|your|his|her|its|our|their)$/.test(prev) || /'s$/.test(prev);
    if (
      (w === 'most' || w === 'least') &&
      determined &&
      (isAdjective(s, i + 1) || (!s.parsed && /(ful|ous|ive|able|ing|ed|ant|ent|al)$/.test(s.lower[i + 1] ?? '')))
    )
      out.push([i - 1, i + 2]);
    else if (determined && (/^(best|worst)$/.test(w) || (w.endsWith('est') && w.length > 4 && !NOT_EST.test(w))))
      out.push([i - 1, i + 1]);
  }
  return out;
};

const equalComparison: Detector = (s) => {
  const out: Span[] = [];
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'as' && !(w === 'so' && s.lower[i - 1] === 'not')) continue;
    if (/^(soon|long|well|far|though|if|to|a|an|the)$/.test(s.lower[i + 1] ?? '') || (s.lower[i - 1] === 'as' && w === 'as'))
      continue;
    for (let k = i + 2; k <= i + 4 && k < s.lower.length; k++) {
      if (CLAUSE_END.has(s.lower[k])) break;
      if (s.lower[k] === 'as') {
        out.push([w === 'so' ? i - 1 : i, k + 1]);
        break;
      }
    }
  }
  return out;
};

function doubleComparative(s: Sentence): Span[] {
  const comparativeWord = (i: number) =>
    /^(more|less|fewer|better|worse)$/.test(s.lower[i] ?? '') || /er$/.test(s.lower[i] ?? '');
  if (s.lower[0] !== 'the' || !comparativeWord(1)) return [];
  const second = s.lower.findIndex((w, i) => i > 1 && w === 'the' && s.lower[i - 1] === ',' && comparativeWord(i + 1));
  return second > 0 ? [[0, lastWord(s)]] : [];
}

const doubleComparativeDetector: Detector = (s) => doubleComparative(s);

/**
 * Whether a clause starting at `k` is one half of "the more …, the more …" ("the more books you
 * read": books is the fronted object, not a noun with a relative clause), which the tree may hang
 * as a relative or an object clause.
 */
function comparativeHalf(s: Sentence, k: number): boolean {
  if (doubleComparative(s).length === 0) return false;
  const second = s.lower.findIndex((w, i) => i > 1 && w === 'the' && s.lower[i - 1] === ',');
  return [0, second].some((half) => half >= 0 && k >= half && k - half <= 4);
}

// ---------------------------------------------------------------- sentence elements and types

const doubleObject: Detector = (s) => {
  if (!s.parsed) return [];
  const out: Span[] = [];
  for (const [i, w] of s.lower.entries()) {
    if (!DITRANSITIVE.has(w) || s.upos[i] !== 'VERB') continue;
    const second = childrenOf(s, i).find((c) => s.deprel[c] === 'obj' && c > i);
    // The tree's iobj, or a pronoun right after the verb before its object: lend me your dictionary.
    let first = childrenOf(s, i).find((c) => s.deprel[c] === 'iobj' && c > i);
    if (first === undefined && OBJECT_PRONOUNS.has(s.lower[i + 1] ?? '') && s.lower[i + 1] !== 'it' && second !== undefined)
      first = second > i + 1 && subtree(s, second)[0] > i + 1 ? i + 1 : undefined;
    if (first === undefined || second === undefined || first > second) continue;
    if (/^(make|makes|made|making)$/.test(w) && !/^(a|an)$/.test(s.lower[first + 1] ?? '')) continue;
    if (NAMING_VERBS.has(w) && !/^(make|makes|made|making|leave|left|get|got|find|found)$/.test(w)) continue;
    out.push([first, second + 1]);
  }
  return out;
};

/** A verb's object and the complement after it: xcomp in the tree, or a clause whose subject is the object. */
function objectAndComplement(s: Sentence, v: number): { object: number; complement: number } | null {
  const object =
    childrenOf(s, v).find((c) => s.deprel[c] === 'obj' && c > v) ??
    childrenOf(s, v).find((c) => /^(iobj|expl)/.test(s.deprel[c]) && c > v);
  const xcomp = childrenOf(s, v).find((c) => s.deprel[c] === 'xcomp' && c > v);
  if (object !== undefined && xcomp !== undefined && xcomp > object) return { object, complement: xcomp };
  // make us clean / saw him cross: a clause whose subject follows the verb directly.
  for (const c of childrenOf(s, v)) {
    if (!/^(ccomp|xcomp)$/.test(s.deprel[c]) || c < v) continue;
    const subject = childWith(s, c, /^nsubj/);
    if (
      subject !== undefined &&
      subtree(s, subject)[0] === v + 1 &&
      !/^VB[DZP]$/.test(s.xpos[c]) &&
      !childWith(s, c, /^(aux|mark|cop)/)
    )
      return { object: subject, complement: c };
  }
  // heard her singing: the tree reads "her" as the -ing word's possessor.
  if (
    object !== undefined &&
    s.xpos[object] === 'VBG' &&
    (PERCEPTION.has(s.lower[v]) || /^(keep|keeps|kept|leave|leaves|left|catch|caught)$/.test(s.lower[v]))
  ) {
    const owner = childWith(s, object, /^nmod:poss/);
    if (owner !== undefined && owner === v + 1 && OBJECT_PRONOUNS.has(s.lower[owner]))
      return { object: owner, complement: object };
  }
  // saw a girl crying / had her bike repaired: the tree hangs the participle on the object.
  if (object !== undefined) {
    // Only a bare participle: "a memoir called X" names the memoir, it is no complement.
    const acl = childrenOf(s, object).find(
      (c) => s.deprel[c] === 'acl' && c > object && /^VB[GN]?$/.test(s.xpos[c]) && !childWith(s, c, /^(obj|xcomp|ccomp|nsubj)/),
    );
    if (acl !== undefined && subtree(s, object)[0] === v + 1) return { object, complement: acl };
  }
  return null;
}

/**
 * find it our duty to help, think it a pity that …: with a formal object "it", what stands
 * between it and the to- or that-clause is the object's complement, however the tree hung it.
 */
function formalObjectComplement(s: Sentence, v: number): Span | null {
  if (!FORMAL_OBJECT_VERBS.has(s.lower[v]) || s.lower[v + 1] !== 'it') return null;
  for (let m = v + 3; m < Math.min(s.lower.length, v + 8); m++) {
    if (/^(to|that)$/.test(s.lower[m])) return m > v + 2 ? [v + 2, m] : null;
    if (CLAUSE_END.has(s.lower[m])) return null;
  }
  return null;
}

/** call him Little Tom, elect her monitor: a noun phrase after the object, without a preposition. */
function namedComplement(s: Sentence, v: number): Span | null {
  if (
    !/^(call|calls|called|name|names|named|elect|elected|appoint|appointed|consider|considered|make|made|makes)$/.test(s.lower[v])
  )
    return null;
  const object = childrenOf(s, v).find((c) => /^(obj|iobj)$/.test(s.deprel[c]) && c > v);
  if (object === undefined) return null;
  const second = childrenOf(s, v).find(
    (c) =>
      c > object &&
      /^(obj|obl|obl:unmarked|obl:npmod|xcomp|iobj)$/.test(s.deprel[c]) &&
      /^(NOUN|PROPN)$/.test(s.upos[c]) &&
      !childWith(s, c, /^case/),
  );
  if (second === undefined || /^(a|an)$/.test(s.lower[object + 1] ?? '')) return null;
  return [Math.max(object + 1, subtree(s, second)[0]), second + 1];
}

const objectComplement: Detector = (s) => {
  const out: Span[] = [];
  if (!s.parsed) return out;
  for (const [i, w] of s.lower.entries()) {
    if (s.upos[i] !== 'VERB' || BE.has(w)) continue;
    const naming = namedComplement(s, i) ?? formalObjectComplement(s, i);
    if (naming) {
      out.push(naming);
      continue;
    }
    const found = objectAndComplement(s, i);
    if (!found) continue;
    const { object, complement: c } = found;
    // An -ing or -ed word after a noun that only describes it (the man talking) is not a complement
    // unless the verb takes one.
    if (
      s.deprel[c] === 'acl' &&
      !(
        PERCEPTION.has(w) ||
        CAUSATIVE.has(w) ||
        GET.has(w) ||
        /^(keep|keeps|kept|leave|leaves|left|catch|caught|want|wants|wanted)$/.test(w)
      )
    )
      continue;
    const to = childrenOf(s, c).find((k) => s.lower[k] === 'to' && s.deprel[k] === 'mark');
    if (to !== undefined) out.push([to, c + 1]);
    else if (/^(NOUN|PROPN)$/.test(s.upos[c])) out.push([Math.max(object + 1, subtree(s, c)[0]), c + 1]);
    else out.push([c, c + 1]);
  }
  return out;
};

const causative: Detector = (s) => {
  const out: Span[] = [];
  if (!s.parsed) return out;
  for (const [i, w] of s.lower.entries()) {
    if ((!CAUSATIVE.has(w) && !GET.has(w)) || s.upos[i] !== 'VERB') continue;
    const found = objectAndComplement(s, i);
    if (!found) continue;
    const c = found.complement;
    const to = childrenOf(s, c).some((k) => s.lower[k] === 'to' && s.deprel[k] === 'mark');
    // made us clean the classroom: a complement with an object of its own is a verb, whatever its tag.
    const verbal = s.xpos[c] === 'VB' || (childWith(s, c, /^obj$/) !== undefined && !/^VB[DZGN]$/.test(s.xpos[c]));
    const bare = verbal && !to && !GET.has(w);
    const participle = s.xpos[c] === 'VBN' && (HAD.has(w) || /^(have|has|having|get|gets|got|getting)$/.test(w));
    const toDo = GET.has(w) && to && s.xpos[c] === 'VB';
    if (bare || participle || toDo) out.push([i, c + 1]);
  }
  return out;
};

const exclamative: Detector = (s) => {
  const first = s.lower[0];
  if (first === 'what' && /^(a|an)$/.test(s.lower[1] ?? '') && !s.question) return [[0, lastWord(s)]];
  if ((first === 'what' || first === 'how') && s.exclamation) return [[0, lastWord(s)]];
  return [];
};

const tagQuestion: Detector = (s) => {
  if (!s.question) return [];
  const end = lastWord(s);
  const comma = s.lower.lastIndexOf(',');
  if (comma < 2 || end - comma > 4) return [];
  const tag = s.lower.slice(comma + 1, end);
  const auxFirst = AUX.has(tag[0]) || /n't$/.test(tag[0]);
  const pronounLast = SUBJECT_PRONOUNS.has(tag.at(-1) ?? '') || tag.at(-1) === 'there';
  return auxFirst && pronounLast && tag.length <= 3 ? [[comma + 1, end]] : [];
};

const whQuestion: Detector = (s) => {
  if (!s.question) return [];
  const first = s.lower[0];
  if (!WH.has(first) && !(PREPOSITIONS.has(first) && WH.has(s.lower[1] ?? ''))) return [];
  return [[0, lastWord(s)]];
};

const yesNoQuestion: Detector = (s, f) => {
  if (!s.question || tagQuestion(s, f).length) return [];
  const first = s.lower[0];
  if (!AUX.has(first) && !/n't$/.test(first)) return [];
  if (s.lower.includes('or') && s.lower.indexOf('or') > 2) return [];
  return [[0, lastWord(s)]];
};

function dedupe(spans: Span[]): Span[] {
  const seen = new Set<string>();
  return spans.filter(([a, b]) => {
    const key = `${a}:${b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const all =
  (...detectors: Detector[]): Detector =>
  (s, f) =>
    dedupe(detectors.flatMap((d) => d(s, f)));

const needsParse =
  (d: Detector): Detector =>
  (s, f) =>
    s.parsed ? d(s, f) : [];

/** Each catalogue point's detector, by name. */
export const DETECTORS: Record<string, Detector> = {
  一般现在时: (s, f) => tense(s, f, '一般现在时'),
  一般过去时: (s, f) => tense(s, f, '一般过去时'),
  一般将来时: (s, f) => tense(s, f, '一般将来时'),
  现在进行时: (s, f) => tense(s, f, '现在进行时'),
  过去进行时: (s, f) => tense(s, f, '过去进行时'),
  现在完成时: (s, f) => tense(s, f, '现在完成时'),
  过去完成时: (s, f) => tense(s, f, '过去完成时'),
  现在完成进行时: (s, f) => tense(s, f, '现在完成进行时'),
  被动语态: passive,
  情态动词: modal,
  虚拟语气: needsParse(subjunctive),
  祈使句: imperative,
  定语从句: needsParse(relativeClause),
  非限制性定语从句: nonRestrictive,
  关系副词: needsParse(relativeAdverb),
  宾语从句: needsParse(objectClause),
  主语从句: needsParse(subjectClause),
  表语从句: needsParse(predicativeClause),
  同位语从句: needsParse(appositiveClause),
  时间状语从句: needsParse(all(timeClause, timeClauseMulti)),
  原因状语从句: needsParse(all(causeClause, causeClauseMulti)),
  条件状语从句: needsParse(all(conditionClause, conditionClauseMulti)),
  让步状语从句: needsParse(all(concessionClause, concessionClauseMulti, concessionAsInversion, concessionWh)),
  结果状语从句: needsParse(resultClause),
  目的状语从句: needsParse(purposeClause),
  比较状语从句: needsParse(comparativeClause),
  方式状语从句: needsParse(mannerClause),
  地点状语从句: needsParse(placeClause),
  不定式: all(infinitiveByLinks, infinitiveByWords),
  动名词: needsParse(gerund),
  现在分词: needsParse(presentParticiple),
  过去分词: needsParse(pastParticiple),
  独立主格: absolute,
  强调句: cleft,
  倒装句: needsParse(inversion),
  形式主语: formalSubject,
  形式宾语: formalObject,
  'there be 句型': thereBe,
  强调谓语动词: emphaticDo,
  省略: ellipsis,
  并列句: coordination,
  比较级: comparative,
  最高级: superlative,
  同级比较: equalComparison,
  'the + 比较级, the + 比较级': doubleComparativeDetector,
  双宾语: doubleObject,
  宾语补足语: objectComplement,
  使役动词: causative,
  感叹句: exclamative,
  反意疑问句: tagQuestion,
  特殊疑问句: whQuestion,
  一般疑问句: yesNoQuestion,
};

/** The facts every detector may read, worked out once per sentence. */
export function factsOf(s: Sentence): Facts {
  const groups = s.parsed ? verbGroups(s) : [];
  const finite = finiteVerbs(s);
  return { groups, subjunctive: s.parsed ? subjunctiveSpans(s, finite) : [], absolutes: absoluteSpans(s) };
}
