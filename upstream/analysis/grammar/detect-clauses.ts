import { exclamative } from './detect-elements';
import { cleftFrame, comparativeHalf, formalSubjectFrame } from './detect-patterns';
import {
  all,
  childrenOf,
  childWith,
  CLAUSE_END,
  clauseEnd,
  clauseFrom,
  clauseHeadOf,
  dedupe,
  type Detector,
  finiteVerbs,
  hasSubject,
  isNoun,
  isVerb,
  lastWord,
  needsParse,
  opensClause,
  type Span,
  subjectOf,
  subtree,
  within,
} from './detect-tree';
import {
  APPOSITIVE_NOUNS,
  BE,
  DETERMINERS,
  DITRANSITIVE,
  forms,
  isIngForm,
  OBJECT_CLAUSE_VERBS,
  OBJECT_PRONOUNS,
  PLACE_TIME_NOUNS,
  PREPOSITIONS,
  SUBJECT_PRONOUNS,
  WH,
} from './lexicon';
import type { Sentence } from './sentence';

/*
 * The detectors of clauses (points-clauses.ts): relative clauses and relative adverbs, noun clauses
 * (object, subject, predicative, appositive) and adverbial clauses by their markers.
 */

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

/** The detectors of noun, relative and adverbial clauses (points-clauses.ts), by point name. */
export const CLAUSE_DETECTORS: Record<string, Detector> = {
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
};
