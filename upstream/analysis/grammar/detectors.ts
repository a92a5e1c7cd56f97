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
  OBJECT_TO_VERBS,
  PERCEPTION,
  PLACE_TIME_NOUNS,
  PREPOSITIONS,
  SUBJECT_PRONOUNS,
  SUBJUNCTIVE_VERBS,
  WH,
} from './lexicon';
import { forms, IRREGULAR_PAST } from './lexicon';
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

const isVerbSub = (sub: string) => /^(v|q|w)(-|$)/.test(sub);
/** A capitalised word inside the sentence is a name (Beijing, Reading), never an -ing form. */
const isName = (s: Sentence, i: number) => i > 0 && /^\p{Lu}/u.test(s.words[i] ?? '');
const isNounSub = (sub: string) => /^(n|s|p|m|f|b|l|g|i|x|u|r)(-|$)/.test(sub);
const isAdjective = (s: Sentence, i: number) =>
  /^a(-|$)/.test(s.sub[i] ?? '') ||
  (!s.parsed && /(ful|ous|ive|able|ible|al|ic|ant|ent|y)$/.test(s.lower[i] ?? '') && !isIngForm(s.lower[i] ?? ''));

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

const CHAIN = /^(I(?:[a-z]|\*[dx]|$)|PP|Pv|Pg)/;

/** The finite verbs: what a subject links to, the inverted auxiliaries, the verbs after there/here. */
function finiteVerbs(s: Sentence): number[] {
  const out = new Set<number>();
  for (const l of s.links) {
    if (l.left < 0) {
      if (/^Q/.test(l.label)) out.add(l.right);
      continue;
    }
    if (/^S([spXF*]|$)/.test(l.label) && !/^Sg/.test(l.label)) out.add(l.right);
    else if (/^SI/.test(l.label)) out.add(l.left);
    else if (/^PF/.test(l.label)) out.add(l.right);
    else if (/^Q[dwpe]/.test(l.label)) out.add(l.right);
  }
  return [...out].filter((i) => i >= 0 && i < s.lower.length && !isPunct(s.lower[i])).sort((a, b) => a - b);
}

function verbGroups(s: Sentence): VerbGroup[] {
  const groups: VerbGroup[] = [];
  for (const finite of finiteVerbs(s)) {
    const words = [finite];
    let perfect = false;
    let progressive = false;
    let passive = false;
    for (let cur = finite; ; ) {
      const from = s.lower[cur];
      const next = s.links.find(
        (l) =>
          l.left === cur &&
          l.right > cur &&
          CHAIN.test(l.label) &&
          (!/^P[vg]/.test(l.label) || BE.has(from) || (GET.has(from) && l.label.startsWith('Pv'))) &&
          (!l.label.startsWith('PP') || HAVE_PRESENT.has(from) || HAD.has(from) || from === 'have' || from === 'having') &&
          (!l.label.startsWith('I') || AUX.has(from) || from === "'d"),
      );
      if (!next) break;
      if (next.label.startsWith('PP')) perfect = true;
      if (next.label.startsWith('Pv')) passive = true;
      if (next.label.startsWith('Pg') && gerundPredicative(s, cur)) break;
      if (next.label.startsWith('Pg') && isIngForm(s.lower[next.right])) progressive = true;
      words.push(next.right);
      cur = next.right;
    }
    // The parser takes some -ing forms after be for nouns (was reading.n): a be-form right before an
    // -ing form that heads no noun phrase of its own is the progressive.
    const last = words.at(-1) as number;
    if (!progressive && BE.has(s.lower[last])) {
      let i = last + 1;
      if (s.links.some((l) => l.left === last && l.right === i && /^SI/.test(l.label))) i++;
      while (/^(not|n't|never|always|still|just|also|really|now)$/.test(s.lower[i] ?? '')) i++;
      if (isIngForm(s.lower[i] ?? '') && !gerundPredicative(s, finite) && s.lower[i] !== 'going') {
        progressive = true;
        words.push(i);
      } else if (
        isIngForm(s.lower[i] ?? '') &&
        s.lower[i] === 'going' &&
        !s.links.some((l) => l.right === i && /^Pg/.test(l.label))
      ) {
        progressive = true;
        words.push(i);
      } else if (s.lower[i] === 'going') {
        progressive = true;
        words.push(i);
      }
    }
    groups.push({ words, perfect, progressive, passive });
  }
  return groups;
}

/** "My hobby is collecting stamps": an -ing form after be whose subject is an activity noun. */
const ACTIVITY_SUBJECTS = new Set(
  'hobby job work task aim goal plan dream duty problem favourite favorite interest pleasure habit way thing business'.split(' '),
);
function gerundPredicative(s: Sentence, be: number): boolean {
  const subject = s.links.find((l) => l.right === be && /^S[spX*]/.test(l.label));
  return subject ? ACTIVITY_SUBJECTS.has(s.lower[subject.left]) : false;
}

const within = (spans: Span[], i: number) => spans.some(([a, b]) => i >= a && i < b);
const groupSpan = (g: VerbGroup): Span => [Math.min(...g.words), Math.max(...g.words) + 1];

/** The clause a marker word opens: its SBAR from the tree, or up to the next comma or the end. */
function clauseFrom(s: Sentence, marker: number): Span {
  const candidates = s.phrases.filter((p) => p.label === 'SBAR' && p.start === marker && p.end > marker + 1);
  if (candidates.length) {
    const p = candidates.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
    let end = p.end;
    while (end > marker + 1 && isPunct(s.lower[end - 1])) end--;
    return [marker, end];
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
  if (next !== undefined && !s.question && s.links.some((l) => l.left === next && /^SI/.test(l.label))) return false;
  if (next === undefined) return false;
  // The subject lies between: at most a few words, none of them a clause boundary.
  if (next - i > 6) return false;
  for (let k = i; k < next; k++) if (CLAUSE_END.has(s.lower[k])) return false;
  return next > i || SUBJECT_PRONOUNS.has(w);
}

// ---------------------------------------------------------------- tenses, voice, mood

function tense(s: Sentence, f: Facts, kind: string): Span[] {
  const out: Span[] = [];
  for (const g of f.groups) {
    const [start, end] = groupSpan(g);
    if (within(f.subjunctive, g.words[0]) || within(tagQuestion(s, f), g.words[0])) continue;
    const head = s.lower[g.words[0]];
    const sub = s.sub[g.words[0]];
    const ing = g.words.some((w) => s.lower[w] === 'going') && g.words.length >= 2;
    const going = g.words.find((w) => s.lower[w] === 'going');
    // be going to + a verb, not be going to + a place.
    const goingTo =
      ing &&
      going !== undefined &&
      s.lower[going + 1] === 'to' &&
      (s.sub[going + 2] === 'v' || s.links.some((l) => l.left === going + 1 && /^I\*t/.test(l.label)));
    let name: string | null = null;
    if (FUTURE.has(head)) name = g.perfect || g.progressive ? null : '一般将来时';
    else if (MODALS.has(head) || head === "'d") name = null;
    else if (goingTo && (BE_PRESENT.has(head) || BE_PAST.has(head))) name = BE_PRESENT.has(head) ? '一般将来时' : null;
    else if (HAVE_PRESENT.has(head) && g.perfect) name = g.progressive || hasBeenIng(s, g) ? '现在完成进行时' : '现在完成时';
    else if (HAD.has(head) && g.perfect) name = '过去完成时';
    else if (BE_PRESENT.has(head) && g.progressive) name = '现在进行时';
    else if (BE_PAST.has(head) && g.progressive) name = '过去进行时';
    else if (
      BE_PAST.has(head) ||
      /^(did|didn't|had|hadn't)$/.test(head) ||
      /-d$/.test(sub) ||
      (sub === 'w' && IRREGULAR_PAST.has(head))
    )
      name = '一般过去时';
    else if (BE_PRESENT.has(head) || /^(do|does|don't|doesn't|have|has|haven't|hasn't)$/.test(head) || /^v/.test(sub))
      name = head === 'be' ? null : '一般现在时';
    if (name !== kind) continue;
    let stop = end;
    if (goingTo && name === '一般将来时') {
      const to = g.words.find((w) => s.lower[w] === 'going') as number;
      const verb = s.links.find((l) => l.left === to + 1 && /^I\*t/.test(l.label));
      stop = verb ? verb.right + 1 : to + 2;
    }
    out.push([start, stop]);
  }
  return out;
}

function hasBeenIng(s: Sentence, g: VerbGroup): boolean {
  const been = g.words.find((w) => s.lower[w] === 'been');
  return been !== undefined && isIngForm(s.lower[been + 1] ?? '');
}

const passive: Detector = (s) =>
  s.links
    .filter((l) => l.left >= 0 && /^Pv/.test(l.label) && (BE.has(s.lower[l.left]) || GET.has(s.lower[l.left])))
    .filter((l) => isParticipleForm(s.lower[l.right]))
    .map((l) => [l.left, l.right + 1]);

const modal: Detector = (s, f) =>
  s.links
    .filter((l) => l.left >= 0 && MODALS.has(s.lower[l.left]) && /^I(?:[a-z]|\*[dx]|$)/.test(l.label))
    .filter((l) => !within(f.subjunctive, l.left) && !wouldInConditional(s, l.left))
    .map((l) => [l.left, l.right + 1]);

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
    if (after.some((x) => /^(were|had|would|could|might)$/.test(x) || (s.sub[s.lower.indexOf(x)] ?? '').endsWith('-d')))
      out.push([i + 1, end]);
  }
  // suggest/insist/order… (that) + subject + should/base form.
  for (const [i, w] of s.lower.entries()) {
    if (!SUBJUNCTIVE_VERBS.has(w) || !isVerbSub(s.sub[i] ?? 'v')) continue;
    let k = s.lower[i + 1] === 'that' ? i + 2 : i + 1;
    const subjectStart = k;
    while (k < end && k - subjectStart < 4 && !AUX.has(s.lower[k]) && !isVerbSub(s.sub[k] ?? '')) k++;
    if (k === subjectStart || k >= end) continue;
    const verb = s.lower[k];
    const singular = /^(he|she|it)$/.test(s.lower[k - 1]) || (k - subjectStart > 1 && !s.lower[k - 1].endsWith('s'));
    const base = s.sub[k] === 'v' && !verb.endsWith('s') && !/^(am|is|are|was|were|has|had|does|did)$/.test(verb);
    if (verb === 'should' || verb === 'be' || (base && (singular || /-d$/.test(s.sub[i]))))
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
    if (verb !== undefined && /-d$/.test(s.sub[verb])) out.push([time + 1, end]);
  }
  // as if / as though + were / had done.
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'as' || !/^(if|though)$/.test(s.lower[i + 1] ?? '')) continue;
    const clause = s.lower.slice(i + 2, i + 6);
    if (clause.includes('were') && !clause.includes('they') && !clause.includes('we') && !clause.includes('you'))
      out.push([i, end]);
    else if (clause.includes('had') && s.links.some((l) => s.lower[l.left] === 'had' && l.left > i && l.label.startsWith('PP')))
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
  // Water boils…, Time flies…: a noun the parser took for a verb, before a verb in -s.
  if (/[^s]s$/.test(s.lower[i + 1] ?? '') && !OBJECT_PRONOUNS.has(s.lower[i + 1]) && !DETERMINERS.has(s.lower[i + 1])) return [];
  const wall =
    s.links.some((l) => l.left < 0 && l.right === i && /^W[ig]/.test(l.label)) ||
    (s.links.some((l) => l.left < 0 && /^Wi/.test(l.label)) && s.links.some((l) => l.left === i && /^(O|MV|Pa|I)/.test(l.label)));
  const hasSubject = s.links.some((l) => l.right === i && /^S/.test(l.label));
  if (!wall || hasSubject || s.sub[i] !== 'v') return [];
  if (isIngForm(s.lower[i + 1] ?? '') || isParticipleForm(s.lower[i + 1] ?? '')) return [];
  return [[0, end]];
};

// ---------------------------------------------------------------- clauses

const RELATIVE = /^(who|whom|whose|which|that)$/;

const relativeClause: Detector = (s) => {
  const out: Span[] = [];
  for (const l of s.links) {
    if (l.left < 0 || !/^R/.test(l.label) || /^Rn/.test(l.label) || !RELATIVE.test(s.lower[l.right])) continue;
    if (s.lower[l.right - 1] === ',') continue;
    if (!isNounSub(s.sub[l.left]) || isAdjective(s, l.left) || isIngForm(s.lower[l.left])) continue;
    if (appositiveAt(s, l.left)) continue;
    const frame = cleftFrame(s);
    if (frame && l.left <= frame[1]) continue;
    out.push(clauseFrom(s, l.right));
  }
  // preposition + which/whom after a noun: the house in which…
  for (const [i, w] of s.lower.entries()) {
    if (
      /^(which|whom)$/.test(w) &&
      PREPOSITIONS.has(s.lower[i - 1] ?? '') &&
      i >= 2 &&
      s.lower[i - 2] !== ',' &&
      !isVerbSub(s.sub[i - 2])
    )
      out.push([i - 1, clauseFrom(s, i)[1]]);
  }
  for (const i of relativeAdverbs(s)) out.push(clauseFrom(s, i));
  // noun + whose + noun: the man whose car…
  for (const [i, w] of s.lower.entries()) {
    if (w === 'whose' && i > 0 && s.lower[i - 1] !== ',' && isNounSub(s.sub[i - 1] ?? '')) out.push(clauseFrom(s, i));
  }
  return dedupe(out);
};

/** when/where/why right after a place, time or reason noun, opening a clause. */
function relativeAdverbs(s: Sentence): number[] {
  const finite = finiteVerbs(s);
  return s.lower.flatMap((w, i) => {
    if (!/^(where|when|why)$/.test(w) || i === 0) return [];
    const noun = s.lower[i - 1];
    // The plural too: the days when, the cities where.
    const placeOrTime =
      PLACE_TIME_NOUNS.has(noun) ||
      (noun.endsWith('ies') && PLACE_TIME_NOUNS.has(`${noun.slice(0, -3)}y`)) ||
      (noun.endsWith('s') && PLACE_TIME_NOUNS.has(noun.slice(0, -1)));
    if (!placeOrTime) return [];
    // "the day when" after a verb of knowing is still a relative clause; a bare "when" after a verb is not.
    if (!DETERMINERS.has(s.lower[i - 2] ?? '') && !isNounSub(s.sub[i - 1] ?? '')) return [];
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
  const verb = s.links.find((l) => l.left === noun + 1 && /^CV/.test(l.label))?.right;
  if (verb === undefined) return false;
  const objects = s.links.filter((l) => l.left === verb && /^O/.test(l.label) && l.right > verb);
  // A clause that lacks its object is a relative clause, whatever the parser linked: the news
  // that he told me (told what?) against the news that he had won the prize.
  const lacksObject =
    (objects.length === 0 && GAP_VERBS.has(s.lower[verb])) ||
    (objects.length === 1 && DITRANSITIVE.has(s.lower[verb]) && OBJECT_PRONOUNS.has(s.lower[objects[0].right]));
  if (lacksObject) return false;
  if (s.links.some((l) => l.left === noun && l.right === noun + 1 && /^TH/.test(l.label))) return true;
  return objects.length > 0;
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
  for (const l of s.links) {
    if (l.left < 0) continue;
    const verb = s.lower[l.left];
    if (BE.has(verb) || !isVerbSub(s.sub[l.left])) continue;
    if (s.links.some((m) => m.right === l.left && /^Pv/.test(m.label))) continue;
    if (/^(TH|TS|QI)/.test(l.label)) out.push(clauseFrom(s, l.right));
    else if (/^Ce/.test(l.label) && OBJECT_CLAUSE_VERBS.has(verb)) out.push([l.right, clauseFrom(s, l.right)[1]]);
  }
  // verb + what/who/how… + subject + verb, which the parser may read as an object with a clause.
  for (const [i, w] of s.lower.entries()) {
    if (!OBJECT_CLAUSE_VERBS.has(w) || !isVerbSub(s.sub[i] || 'v')) continue;
    if (BE.has(s.lower[i - 1] ?? '') || s.links.some((m) => m.right === i && /^Pv/.test(m.label))) continue;
    const k = OBJECT_PRONOUNS.has(s.lower[i + 1]) && /^(tell|told|ask|asked|show|showed)/.test(w) ? i + 2 : i + 1;
    const marker = s.lower[k];
    if (!marker || !(WH.has(marker) || /^(whether|if|that)$/.test(marker))) continue;
    if (out.some(([a]) => a === k)) continue;
    const next = WH.has(marker) && !/^(what|who)$/.test(marker) ? k + 1 : k + 1;
    if (marker === 'if' && !/^(ask|asked|asks|wonder|wondered|wonders|know|knew|knows|see|check|checked)$/.test(w)) continue;
    if (opensClause(s, next, finite) || (/^(what|who)$/.test(marker) && finite.some((v) => v > k && v - k <= 5)))
      out.push(clauseFrom(s, k));
  }
  return dedupe(out.filter(([a]) => !within(f.absolutes, a)));
};

const SUBJECT_MARKERS = /^(what|whatever|whoever|whether|that|who|how|why|where|when)$/;

const subjectClause: Detector = (s) => {
  const out: Span[] = [];
  const finite = finiteVerbs(s);
  if (SUBJECT_MARKERS.test(s.lower[0] ?? '') && !s.question && !s.exclamation) {
    const comma = s.lower.indexOf(',');
    const inner = finite.filter((v) => v > 0 && (comma < 0 || v < comma));
    // Two finite verbs before any comma, the second taking the clause as its subject.
    if (inner.length >= 2 && !DETERMINERS.has(s.lower[1]) && s.lower[1] !== 'a') {
      const main = inner.find(
        (v, k) => k > 0 && s.links.some((l) => l.right === v && l.left < v && /^S[sp*XF]/.test(l.label) && l.left <= inner[0]),
      );
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
    if (
      m === 'that' &&
      !s.links.some((l) => l.left === i && l.right === k && /^TH/.test(l.label)) &&
      !opensClause(s, k + 1, finite)
    )
      continue;
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

const notAfterNoun = (s: Sentence, i: number) =>
  i === 0 || !(PLACE_TIME_NOUNS.has(s.lower[i - 1]) || isNounSub(s.sub[i - 1] ?? 'x'));
const notReported = (s: Sentence, i: number) =>
  !OBJECT_CLAUSE_VERBS.has(s.lower[i - 1] ?? '') &&
  !(OBJECT_PRONOUNS.has(s.lower[i - 1] ?? '') && OBJECT_CLAUSE_VERBS.has(s.lower[i - 2] ?? '')) &&
  !(i === 0 && s.question);
const perfectSomewhere = (s: Sentence) => s.links.some((l) => l.label.startsWith('PP'));

const timeClause = adverbialClause(/^(when|whenever|while|before|after|until|till|since|once)$/, {
  check: (s, i) =>
    notReported(s, i) &&
    (s.lower[i] !== 'when' || notAfterNoun(s, i) || s.lower[i - 1] === ',') &&
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
    if (!subject || !(SUBJECT_PRONOUNS.has(subject) || DETERMINERS.has(subject) || /^[A-Z]/.test(s.words[i + 1]))) continue;
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
    if (isVerbSub(s.sub[prev === ',' ? i - 2 : i - 1] ?? '') || (i === 1 && /^do$/.test(s.lower[0]))) {
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
    if (
      i > 0 &&
      (PLACE_TIME_NOUNS.has(s.lower[i - 1]) || isNounSub(s.sub[i - 1] ?? 'x') || OBJECT_CLAUSE_VERBS.has(s.lower[i - 1]))
    )
      continue;
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
    (TO_VERBS.has(s.lower[i - 1] ?? '') || s.sub[i + 1] === 'v') &&
    !DETERMINERS.has(s.lower[i + 1] ?? '') &&
    !OBJECT_PRONOUNS.has(s.lower[i + 1] ?? '') &&
    /^[a-z]+$/.test(s.lower[i + 1] ?? '')
      ? [[i, i + 2]]
      : [],
  );

const infinitiveByLinks: Detector = (s) =>
  s.links
    .filter((l) => l.left >= 0 && s.lower[l.left] === 'to' && /^I\*t/.test(l.label))
    .filter((l) => !(s.lower[l.left - 1] === 'going' && BE.has(s.lower[l.left - 2] ?? '')))
    .map((l) => [l.left, l.right + 1]);

const gerund: Detector = (s, f) => {
  const out: Span[] = [];
  const progressive = new Set(f.groups.filter((g) => g.progressive).flatMap((g) => g.words));
  for (const [i, w] of s.lower.entries()) {
    if (!isIngForm(w) || isName(s, i) || progressive.has(i) || within(f.absolutes, i)) continue;
    const asSubject = s.links.some(
      (l) =>
        l.left === i &&
        (/^S[sp]\*g/.test(l.label) ||
          (i === 0 && w !== 'having' && /^S[sp]/.test(l.label) && !s.lower.slice(0, l.right).includes(','))),
    );
    const afterPreposition = PREPOSITIONS.has(s.lower[i - 1] ?? '') && s.lower[i - 1] !== 'to' && !(i === 1);
    const asObject = s.links.some(
      (l) =>
        l.right === i &&
        /^(O|Pg)/.test(l.label) &&
        isVerbSub(s.sub[l.left]) &&
        !BE.has(s.lower[l.left]) &&
        !/^(go|goes|went|gone|going|come|came|spend|spent|see|saw|seen|hear|heard|watch|watched|notice|noticed|find|found|feel|felt)$/.test(
          s.lower[l.left],
        ),
    );
    const predicative = BE.has(s.lower[i - 1] ?? '') && f.groups.some((g) => g.words[0] === i - 1 && gerundPredicative(s, i - 1));
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
    if (s.lower[i - 1] === 'to' || BE.has(s.lower[i - 1] ?? '') || /^(go|goes|went|gone|going)$/.test(s.lower[i - 1] ?? ''))
      continue;
    const opening = (i === 0 || (i === 1 && /^(having|not)$/.test(s.lower[0]))) && s.lower.includes(',');
    const afterComma = s.lower[i - 1] === ',';
    const modifier = s.links.some((l) => l.right === i && /^(Mg|AN|MVg|COp|Pg)/.test(l.label)) && !progressive.has(i);
    const afterNoun =
      i > 0 &&
      isNounSub(s.sub[i - 1] ?? 'x') &&
      s.parsed &&
      !isVerbSub(s.sub[i - 1]) &&
      !/^(this|that|it)$/.test(s.lower[i - 1]) &&
      DETERMINERS.has(s.lower[i - 2] ?? '');
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
    if (s.links.some((l) => l.right === i && /^(PP|Pv)/.test(l.label))) continue;
    if (HAVE_PRESENT.has(s.lower[i - 1] ?? '') || HAD.has(s.lower[i - 1] ?? '') || BE.has(s.lower[i - 1] ?? '')) continue;
    const opening = i === 0 && s.lower.includes(',');
    const afterComma = s.lower[i - 1] === ',' && !s.links.some((l) => l.right === i && /^S/.test(l.label));
    const afterConjunction = /^(when|if|unless|though|although|once|until|while|as)$/.test(s.lower[i - 1] ?? '');
    const modifier =
      s.links.some((l) => l.right === i && /^Mv/.test(l.label)) && !s.links.some((l) => l.right === i && /^S/.test(l.label));
    const complement = s.links.some((l) => l.right === i && /^(Mv|O)/.test(l.label)) && CAUSATIVE.has(s.lower[i - 3] ?? '');
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
  for (const [a, b] of segments) {
    const words = s.lower.slice(a, b);
    if (words.some((w) => AUX.has(w))) continue;
    let k = 0;
    const withPhrase = words[0] === 'with' || words[0] === 'without';
    if (withPhrase) k = 1;
    else if (
      PREPOSITIONS.has(words[0]) ||
      /^(when|while|if|though|although|because|since|once|unless|as|after|before|and|but|so)$/.test(words[0])
    )
      continue;
    // The noun phrase: a determiner or not, then the noun, before the participle.
    const head = words.slice(k).findIndex((w) => isIngForm(w) || isParticipleForm(w));
    if (head < 1) {
      if (withPhrase && words.length >= 3) out.push([a, b]);
      continue;
    }
    const noun = k + head - 1;
    if (isIngForm(words[noun]) || isParticipleForm(words[noun]) || (SUBJECT_PRONOUNS.has(words[noun]) && !withPhrase)) continue;
    // A verb before the noun makes the part a clause ("they went on working"), not a noun phrase
    // with its participle. (The noun itself may be read as a verb: "his hands.v shaking".)
    if (words.slice(k, noun).some((_, j) => isVerbSub(s.sub[a + k + j] ?? ''))) continue;
    // The rest of the sentence must be a clause of its own.
    const restHasVerb = s.lower.some((w, i) => (i < a || i >= b) && (AUX.has(w) || isVerbSub(s.sub[i] ?? '')));
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
    DETERMINERS.has(x) && (isVerbSub(s.sub[marker + 1] ?? '') || AUX.has(s.lower[marker + 1] ?? '') || s.lower[marker] === 'who');
  if (isAdjective(s, i) || FORMAL_SUBJECT_NOUNS.has(s.lower[marker - 1]) || s.lower[marker - 1] === 'time') return null;
  if (properOrPronoun || adverbial || nounSubjectGap || s.lower[i - 1] === 'until') return [0, marker];
  return null;
}

const cleft: Detector = (s) => (cleftFrame(s) ? [[0, lastWord(s)]] : []);

/** it + be/seem… + adjective/noun + to do / that…, or it + take + time + to do. */
function formalSubjectFrame(s: Sentence): { it: number; marker: number } | null {
  if (cleftFrame(s)) return null;
  for (const [i, w] of s.lower.entries()) {
    if (w !== 'it' || (i > 0 && !/^(,|that|and|but|so|because|if|when|though)$/.test(s.lower[i - 1]))) continue;
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
        if (x === 'to' && !s.links.some((l) => l.left === m && /^I\*t/.test(l.label)) && s.parsed) break;
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
        if (s.lower[m] === 'to' && s.parsed && !isVerbSub(s.sub[m + 1] ?? '')) break;
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
          const inverted =
            !s.parsed ||
            /^(so|neither|nor)$/.test(w) ||
            s.links.some((l) => l.left === k && /^SI/.test(l.label)) ||
            s.links.some((l) => l.right === k && /^(Q|PF)/.test(l.label));
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
      const pf = s.links.find((l) => l.left >= 0 && /^PF[^b]/.test(l.label) && s.lower[l.left] !== 'there');
      if (pf && s.links.some((l) => l.left === pf.right && /^SI/.test(l.label) && !SUBJECT_PRONOUNS.has(s.lower[l.right]))) {
        out.push([0, pf.right + 1]);
        continue;
      }
    }
    if (
      start === 0 &&
      /^(out|in|up|down|away|off|here|there)$/.test(w) &&
      s.lower[1] &&
      !AUX.has(s.lower[1]) &&
      isVerbSub(s.sub[1] || 'v')
    ) {
      const subj = s.lower[2];
      if (s.parsed && subj && (DETERMINERS.has(subj) || /^[A-Z]/.test(s.words[2])) && !SUBJECT_PRONOUNS.has(subj))
        out.push([0, 2]);
    }
  }
  return dedupe(out);
};

const emphaticDo: Detector = (s) =>
  s.links
    .filter((l) => l.left >= 0 && /^(do|does|did)$/.test(s.lower[l.left]) && /^I\*d/.test(l.label))
    .filter((l) => !s.question && s.links.some((m) => m.right === l.left && /^S[spX]/.test(m.label) && m.left < l.left))
    .filter((l) => !s.lower.slice(l.left + 1, l.right).some((w) => /^(not|never)$/.test(w)))
    .map((l) => [l.left, l.right + 1]);

const ellipsis: Detector = (s) => {
  const out: Span[] = [];
  for (const [i, w] of s.lower.entries()) {
    if (!/^(when|while|if|unless|though|although|once|until|whenever)$/.test(w)) continue;
    const next = s.lower[i + 1] ?? '';
    const elided =
      /^(possible|necessary|so|not|in|at|on|asked|given|needed|alone|young|in|under)$/.test(next) ||
      ((isIngForm(next) || isParticipleForm(next)) && !s.links.some((l) => l.right === i + 1 && /^S/.test(l.label)));
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
  const subjects = s.links.filter((l) => l.left >= 0 && /^S([spX*]|$)/.test(l.label) && !/^Sg/.test(l.label));
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
    const parserSays = /^[ae]-c$/.test(s.sub[i] ?? '') && !/^(as|than|so)$/.test(w);
    const irregular = /^(better|worse|more|less|fewer|further|farther|elder|older)$/.test(w);
    const er = /er$/.test(w) && w.length > 4;
    const than = s.lower.slice(i + 1, i + 5).includes('than') && !/^(rather|other)$/.test(w);
    if (w === 'more' || w === 'less') {
      if (than && !/^\d/.test(s.lower[i + 2] ?? '') && s.lower[i + 1] !== 'than') out.push([i, i + 2]);
      else if (s.lower[i + 1] === 'than' && !/^\d|^(a|an|one|two|three|ten|twenty|hundred)$/.test(s.lower[i + 2] ?? ''))
        out.push([i, i + 1]);
      continue;
    }
    if (parserSays || ((irregular || er) && than && (!s.parsed || !isNounSub(s.sub[i]) || s.sub[i] === ''))) out.push([i, i + 1]);
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

// ---------------------------------------------------------------- sentence elements and types

const objectStart = (s: Sentence, i: number) =>
  OBJECT_PRONOUNS.has(s.lower[i] ?? '') ||
  DETERMINERS.has(s.lower[i] ?? '') ||
  (/^[A-Z]/.test(s.words[i] ?? '') && s.lower[i] !== 'i');

/** Where an object starting at i ends: a pronoun, or determiner + up to two adjectives + noun. */
function objectEnd(s: Sentence, i: number): number {
  const possessive = s.lower[i] === 'her' && isNounSub(s.sub[i + 1] ?? '') && !isIngForm(s.lower[i + 1] ?? '');
  if (!possessive && (OBJECT_PRONOUNS.has(s.lower[i]) || /^[A-Z]/.test(s.words[i]))) return i + 1;
  for (let k = i + 1; k < Math.min(s.lower.length, i + 4); k++) {
    if (isNounSub(s.sub[k] ?? '') && !isAdjective(s, k) && !isPunct(s.lower[k]) && !isNounSub(s.sub[k + 1] ?? 'v')) return k + 1;
  }
  return i + 2;
}

const doubleObject: Detector = (s) => {
  if (!s.parsed) return [];
  const out: Span[] = [];
  for (const [i, w] of s.lower.entries()) {
    if (!DITRANSITIVE.has(w)) continue;
    const objects = s.links.filter((l) => l.left === i && /^O/.test(l.label) && l.right > i).sort((a, b) => a.right - b.right);
    if (objects.length < 2) continue;
    const [first, second] = objects;
    if (/^(make|makes|made|making)$/.test(w) && !/^(a|an)$/.test(s.lower[first.right + 1] ?? '')) continue;
    if (NAMING_VERBS.has(w) && !/^(make|makes|made|making|leave|left|get|got|find|found)$/.test(w)) continue;
    out.push([first.right, second.right + 1]);
  }
  return out;
};

const objectComplement: Detector = (s) => {
  const out: Span[] = [];
  if (!s.parsed) return out;
  for (const [i, w] of s.lower.entries()) {
    if (!isVerbSub(s.sub[i]) || s.links.some((l) => l.left === i && /^(SI|PP)/.test(l.label))) continue;
    const ti = s.links.find((l) => l.left === i && /^TI/.test(l.label));
    if (ti) {
      out.push([ti.right, ti.right + 1]);
      continue;
    }
    if (!objectStart(s, i + 1)) continue;
    if (s.lower[i + 1] === 'it' && FORMAL_OBJECT_VERBS.has(w) && isAdjective(s, i + 2)) {
      out.push([i + 2, i + 3]);
      continue;
    }
    const end = objectEnd(s, i + 1);
    const c = s.lower[end] ?? '';
    const cs = s.sub[end] ?? '';
    if (OBJECT_TO_VERBS.has(w) && c === 'to' && isVerbSub(s.sub[end + 1] ?? '')) out.push([end, end + 2]);
    else if ((CAUSATIVE.has(w) || PERCEPTION.has(w)) && cs === 'v' && !BE.has(w)) out.push([end, end + 1]);
    else if ((PERCEPTION.has(w) || /^(keep|keeps|kept|leave|leaves|left|catch|caught)$/.test(w)) && isIngForm(c))
      out.push([end, end + 1]);
    else if (
      (CAUSATIVE.has(w) || PERCEPTION.has(w) || GET.has(w) || /^(want|wants|wanted|keep|kept)$/.test(w)) &&
      isParticipleForm(c) &&
      end > i + 2
    )
      out.push([end, end + 1]);
    else if (NAMING_VERBS.has(w) && isAdjective(s, end) && !isNounSub(s.sub[end + 1] ?? 'v')) out.push([end, end + 1]);
    else if (
      /^(call|calls|called|name|names|named|elect|elected|make|made|makes|appoint|appointed|consider|considered)$/.test(w)
    ) {
      const objects = s.links.filter((l) => l.left === i && /^O/.test(l.label) && l.right > i);
      if (objects.length >= 2 && !/^(a|an)$/.test(s.lower[objects[0].right + 1] ?? '')) {
        const second = objects.reduce((a, b) => (b.right > a.right ? b : a));
        out.push([objects[0].right + 1, second.right + 1]);
      }
    }
  }
  return out;
};

const causative: Detector = (s) => {
  const out: Span[] = [];
  if (!s.parsed) return out;
  for (const [i, w] of s.lower.entries()) {
    if (!CAUSATIVE.has(w) && !GET.has(w)) continue;
    if (!objectStart(s, i + 1) || s.links.some((l) => l.left === i && /^(SI|PP)/.test(l.label))) continue;
    const end = objectEnd(s, i + 1);
    const c = s.lower[end] ?? '';
    const bare = s.sub[end] === 'v' && !GET.has(w);
    const participle =
      isParticipleForm(c) && (HAD.has(w) || /^(have|has|having|get|gets|got|getting)$/.test(w)) && !isVerbSub(s.sub[i + 1] ?? '');
    const toDo = GET.has(w) && c === 'to' && isVerbSub(s.sub[end + 1] ?? '');
    if (bare || participle || toDo) out.push([i, toDo ? end + 2 : end + 1]);
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
