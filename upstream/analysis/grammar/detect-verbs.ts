import { tagQuestion } from './detect-elements';
import {
  chainOf,
  childrenOf,
  childWith,
  clauseChains,
  type Detector,
  type Facts,
  isName,
  isVerb,
  lastWord,
  needsParse,
  opensClause,
  predicateOf,
  type Span,
  subjectOf,
  type VerbGroup,
  within,
} from './detect-tree';
import {
  AUX,
  BE,
  BE_PAST,
  BE_PRESENT,
  FUTURE,
  GET,
  HAD,
  HAVE_PRESENT,
  isIngForm,
  isParticipleForm,
  MODALS,
  SUBJECT_PRONOUNS,
  SUBJUNCTIVE_VERBS,
} from './lexicon';
import type { Sentence } from './sentence';

/*
 * The detectors of tenses, voice and mood (points-verbs.ts), and the facts they share: each
 * clause's verb group with its aspect and voice, and the clauses in the subjunctive.
 */

/** Adjectives in -ing that follow be as its complement, not as a progressive: was fascinating. */
const ING_ADJECTIVES = new Set(
  `interesting boring exciting amazing surprising disappointing tiring relaxing confusing satisfying charming
  annoying embarrassing frightening shocking puzzling encouraging terrifying fascinating astonishing amusing
  challenging demanding inspiring touching moving worrying alarming convincing refreshing rewarding missing
  promising pleasing depressing exhausting thrilling disgusting frustrating interesting`.split(/\s+/),
);

export function verbGroups(s: Sentence): VerbGroup[] {
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
export function gerundPredicative(s: Sentence, be: number): boolean {
  const subject = subjectOf(s, be);
  return subject !== undefined && ACTIVITY_SUBJECTS.has(s.lower[subject]);
}

const groupSpan = (g: VerbGroup): Span => [Math.min(...g.words), Math.max(...g.words) + 1];

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
export function subjunctiveSpans(s: Sentence, finite: number[]): Span[] {
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

/** The detectors of tenses, voice, mood and the imperative (points-verbs.ts), by point name. */
export const VERB_DETECTORS: Record<string, Detector> = {
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
};
