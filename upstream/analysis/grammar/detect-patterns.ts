import {
  chainOf,
  childrenOf,
  childWith,
  CLAUSE_END,
  clauseChains,
  clauseEnd,
  dedupe,
  type Detector,
  hasSubject,
  invertedAt,
  isAdjective,
  isVerb,
  lastWord,
  needsParse,
  type Span,
  SUBJECT_REL,
  subjectOf,
  subtree,
} from './detect-tree';
import {
  AUX,
  BE,
  DETERMINERS,
  FORMAL_OBJECT_VERBS,
  FORMAL_SUBJECT_NOUNS,
  FUTURE,
  HAD,
  HAVE_PRESENT,
  isIngForm,
  isParticipleForm,
  MODALS,
  NEGATIVE_OPENERS,
  PREPOSITIONS,
  SUBJECT_PRONOUNS,
} from './lexicon';
import type { Sentence } from './sentence';

/*
 * The detectors of special sentence patterns (points-patterns.ts): cleft sentences, formal
 * subjects and objects, there be, inversion, emphatic do, ellipsis, coordination, and comparison.
 */

/** It is/was + X + that/who…: the frame's words, and where the clause starts. */
export function cleftFrame(s: Sentence): [number, number] | null {
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

export function formalSubjectFrame(s: Sentence): { it: number; marker: number } | null {
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
export function comparativeHalf(s: Sentence, k: number): boolean {
  if (doubleComparative(s).length === 0) return false;
  const second = s.lower.findIndex((w, i) => i > 1 && w === 'the' && s.lower[i - 1] === ',');
  return [0, second].some((half) => half >= 0 && k >= half && k - half <= 4);
}

/** The detectors of the special sentence patterns and comparison (points-patterns.ts), by point name. */
export const PATTERN_DETECTORS: Record<string, Detector> = {
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
};
