import { joinClitics } from '../structure-ud';
import type { DetectorInput } from '../types';

/*
 * What the detectors read: the words, and when the tagger and parser answered, each word's tags
 * and its place in the dependency tree (UD: upos, Penn xpos, head, relation).
 *
 * The detectors work in the tree's own words, where clitics are words of their own ("ca" "n't",
 * "it" "'s"), so that a relation never points into half a word; their spans are moved into the
 * structure's joined words (joinClitics) at the end, through `positions`. Clitics are read as the
 * words they stand for (n't → not, ca → can, 'm → am, 's → is / has), so the word lists of
 * lexicon.ts hold for both paths.
 */
export interface Sentence {
  words: string[];
  lower: string[];
  /** Per word, empty strings without a tree. */
  upos: string[];
  xpos: string[];
  /** 0-based index of the head word, -1 for the root (and for every word without a tree). */
  head: number[];
  /** UD relation with its subtype (nsubj:pass, acl:relcl, …). */
  deprel: string[];
  parsed: boolean;
  /** The sentence ends with "?" / "!". */
  question: boolean;
  exclamation: boolean;
  /** With a tree: `positions[i]` is the structure's word that word i is part of; null otherwise. */
  positions: number[] | null;
}

const bracketed = /^\[(.+)\]$/;

export function readSentence(input: DetectorInput): Sentence {
  const tree = input.tree;
  if (!tree || tree.words.length === 0) {
    const words = input.words.map((w) => w.replace(bracketed, '$1'));
    const empty = words.map(() => '');
    return finish(
      words,
      normalize(words),
      empty,
      empty,
      words.map(() => -1),
      empty,
      null,
    );
  }
  const w = tree.words;
  const words = w.map((x) => x.form);
  const upos = w.map((x) => x.upos);
  const xpos = w.map((x) => x.xpos);
  const head = w.map((x) => x.head - 1);
  const deprel = w.map((x) => x.deprel);
  repair(words, upos, xpos, head, deprel);
  const lower = normalize(words).map((form, i) => readClitic(form, i, upos, xpos, head, deprel, words.length));
  return finish(words, lower, upos, xpos, head, deprel, joinClitics(w).positions);
}

/**
 * Two tagger slips the detectors cannot read past, mended in place:
 *   - a verb in -s read as a plural noun in a sentence with no verb ("The sun rises.": sun the
 *     compound of "rises"): the noun before it is its subject;
 *   - a participle read as a past tense where it modifies a noun or completes a verb without a
 *     subject or auxiliary of its own ("the people invited came", "got hurt", "when asked"): it is
 *     a participle; a bare infinitive read as a present tense (let them play) is an infinitive;
 *   - a reduced relative read as the main verb ("The bike stolen last week has been found").
 */
function repair(words: string[], upos: string[], xpos: string[], head: number[], deprel: string[]) {
  const root = head.indexOf(-1);
  if (root > 0 && xpos[root] === 'NNS' && !upos.some((u) => u === 'VERB' || u === 'AUX') && /s$/.test(words[root])) {
    const before = root - 1;
    if (head[before] === root && deprel[before] === 'compound' && /^(NOUN|PROPN|PRON)$/.test(upos[before])) {
      upos[root] = 'VERB';
      xpos[root] = 'VBZ';
      deprel[before] = 'nsubj';
    }
  }
  const hasChild = (i: number, relation: RegExp) => head.some((h, k) => h === i && relation.test(deprel[k]));
  for (let i = 0; i < words.length; i++) {
    // An auxiliary standing for its verb (as his father did) is finite whatever the parser hung on it.
    if (!/^(acl|xcomp|advcl)$/.test(deprel[i]) || upos[i] === 'AUX' || hasChild(i, /^(nsubj|aux)/)) continue;
    if (xpos[i] === 'VBD') xpos[i] = 'VBN';
    // let them play: a bare infinitive the tagger read as a present tense.
    else if (xpos[i] === 'VBP' && deprel[i] === 'xcomp') xpos[i] = 'VB';
  }
  // "The bike stolen last week has been found": the participle taken for the main verb, the main
  // verb for its conjunct. The conjunct with auxiliaries and no subject is the main verb, the
  // participle right after its noun describes it.
  const r = head.indexOf(-1);
  const subject = head.findIndex((h, k) => h === r && /^nsubj/.test(deprel[k]));
  const conj = head.findIndex((h, k) => h === r && deprel[k] === 'conj');
  if (
    r > 0 &&
    /^VB[ND]$/.test(xpos[r]) &&
    subject === r - 1 &&
    !hasChild(r, /^(aux|cc)/) &&
    conj > r &&
    hasChild(conj, /^aux/) &&
    !hasChild(conj, /^(nsubj|cc)/) &&
    !hasChild(r, /^cc/)
  ) {
    const cc = head.some((h, k) => h === conj && deprel[k] === 'cc');
    if (!cc) {
      for (let k = conj + 1; k < words.length; k++) if (head[k] === r) head[k] = conj;
      head[conj] = -1;
      deprel[conj] = 'root';
      head[subject] = conj;
      deprel[subject] = hasChild(conj, /^aux:pass/) ? 'nsubj:pass' : 'nsubj';
      head[r] = subject;
      deprel[r] = 'acl';
      xpos[r] = 'VBN';
    }
  }
}

function normalize(words: string[]) {
  return words.map((w) => w.toLowerCase().replace(/’/g, "'"));
}

/** A clitic or a split form as the word it stands for, read from its tags. */
function readClitic(form: string, i: number, upos: string[], xpos: string[], head: number[], deprel: string[], n: number) {
  switch (form) {
    case "n't":
      return 'not';
    case 'ca':
      return upos[i] === 'AUX' ? 'can' : form;
    case 'wo':
      return upos[i] === 'AUX' ? 'will' : form;
    case 'sha':
      return upos[i] === 'AUX' ? 'shall' : form;
    case "'m":
      return 'am';
    case "'re":
      return 'are';
    case "'ve":
      return 'have';
    case "'ll":
      return 'will';
    case "'d":
      // had + participle, would otherwise.
      return xpos[i] === 'VBD' || (i + 1 < n && /^VBN$/.test(xpos[nextVerb(i, upos, n)] ?? '')) ? 'had' : 'would';
    case "'s": {
      if (upos[i] !== 'AUX' && upos[i] !== 'VERB') return form;
      // has + participle (an active perfect), is otherwise.
      const h = head[i];
      return deprel[i] === 'aux' && xpos[h] === 'VBN' ? 'has' : 'is';
    }
    default:
      return form;
  }
}

function nextVerb(i: number, upos: string[], n: number) {
  for (let k = i + 1; k < n; k++) if (upos[k] === 'VERB' || upos[k] === 'AUX') return k;
  return -1;
}

function finish(
  words: string[],
  lower: string[],
  upos: string[],
  xpos: string[],
  head: number[],
  deprel: string[],
  positions: number[] | null,
): Sentence {
  const end = lower.at(-1) ?? '';
  return {
    words,
    lower,
    upos,
    xpos,
    head,
    deprel,
    parsed: positions !== null,
    question: end === '?',
    exclamation: end === '!',
    positions,
  };
}
