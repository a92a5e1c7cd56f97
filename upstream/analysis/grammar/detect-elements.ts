import { childrenOf, childWith, CLAUSE_END, type Detector, lastWord, type Span, subtree } from './detect-tree';
import {
  AUX,
  BE,
  CAUSATIVE,
  DITRANSITIVE,
  FORMAL_OBJECT_VERBS,
  GET,
  HAD,
  NAMING_VERBS,
  OBJECT_PRONOUNS,
  PERCEPTION,
  PREPOSITIONS,
  SUBJECT_PRONOUNS,
  WH,
} from './lexicon';
import type { Sentence } from './sentence';

/*
 * The detectors of sentence elements and sentence types (points-patterns.ts): double objects,
 * object complements, causatives, exclamations and questions.
 */

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

export const exclamative: Detector = (s) => {
  const first = s.lower[0];
  if (first === 'what' && /^(a|an)$/.test(s.lower[1] ?? '') && !s.question) return [[0, lastWord(s)]];
  if ((first === 'what' || first === 'how') && s.exclamation) return [[0, lastWord(s)]];
  return [];
};

export const tagQuestion: Detector = (s) => {
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

/** The detectors of sentence elements and sentence types (points-patterns.ts), by point name. */
export const ELEMENT_DETECTORS: Record<string, Detector> = {
  双宾语: doubleObject,
  宾语补足语: objectComplement,
  使役动词: causative,
  感叹句: exclamative,
  反意疑问句: tagQuestion,
  特殊疑问句: whQuestion,
  一般疑问句: yesNoQuestion,
};
