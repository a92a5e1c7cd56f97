import {
  all,
  chainOf,
  childWith,
  type Detector,
  finiteVerbs,
  isName,
  isNoun,
  isVerb,
  lastWord,
  needsParse,
  predicateOf,
  type Span,
  subjectOf,
  within,
} from './detect-tree';
import { gerundPredicative } from './detect-verbs';
import {
  AUX,
  BE,
  CAUSATIVE,
  DETERMINERS,
  forms,
  HAD,
  HAVE_PRESENT,
  isIngForm,
  isParticipleForm,
  OBJECT_PRONOUNS,
  PERCEPTION,
  PREPOSITIONS,
  SUBJECT_PRONOUNS,
} from './lexicon';
import type { Sentence } from './sentence';

/*
 * The detectors of non-finite verbs (points-patterns.ts): infinitives, gerunds, participles and
 * absolute constructions (whose spans are worked out once per sentence, as facts).
 */

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
export function absoluteSpans(s: Sentence): Span[] {
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

/** The detectors of the non-finite verbs (points-patterns.ts), by point name. */
export const NONFINITE_DETECTORS: Record<string, Detector> = {
  不定式: all(infinitiveByLinks, infinitiveByWords),
  动名词: needsParse(gerund),
  现在分词: needsParse(presentParticiple),
  过去分词: needsParse(pastParticiple),
  独立主格: absolute,
};
