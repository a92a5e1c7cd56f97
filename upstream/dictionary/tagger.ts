/**
 * Part-of-speech tags and lemmas of the target's sentence, from wink-nlp with its English lite
 * model (Universal POS tags). The model loads once, lazily (about 0.1 s).
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { sentenceHolding } from '../../lib/text/sentences';
import { releaseWhenIdle } from '../platform/idle-release';

export interface Token {
  text: string;
  lower: string;
  /** Universal POS tag: NOUN, VERB, ADJ, ADV, ADP, DET, PRON, AUX, PART, … */
  pos: string;
  lemma: string;
  /** Character offsets in the tagged text. */
  start: number;
  end: number;
  isWord: boolean;
}

export interface ContextSentence {
  /** The last sentence of pre_context, the target, and the first sentence of post_context. */
  text: string;
  /** Where the target is in `text`. */
  start: number;
  end: number;
}

export interface TaggedSentence extends ContextSentence {
  tokens: Token[];
  /** Indices of the tokens that overlap the target (usually one; "don't" is two). */
  target: number[];
}

/** Longest context kept on either side; a sentence longer than this is cut (tagging cost is linear). */
const maxSide = 600;

/**
 * The sentence around the target: the last sentence of `pre` and the first of `post`, as the one
 * sentence splitter the product has cuts them (lib/text/sentences.ts), so that an abbreviation or
 * an initial does not end it ("Mr. Guthrie", "in tomorrow's 8 P.M. contest").
 */
export function contextSentence(pre: string, target: string, post: string): ContextSentence {
  let before = pre.slice(-4 * maxSide);
  let after = post.slice(0, 4 * maxSide);
  // A caller may send the contexts without the spaces around the word ("decided to" + "table" +
  // "the proposal."): words that touch are separated, or the sentence would read "totablethe".
  const touches = (a: string, b: string) => /[\p{L}\p{N}]$/u.test(a) && /^[\p{L}\p{N}]/u.test(b);
  if (touches(before, target)) before = `${before} `;
  if (touches(target, after)) after = ` ${after}`;
  const text = before + target + after;
  const from = before.length;
  const to = from + target.length;
  let { start, end } = sentenceHolding(text, from, to);
  // A sentence longer than maxSide on a side is cut there, at a word's edge.
  if (from - start > maxSide) start = from - maxSide + (/^\S*\s/.exec(text.slice(from - maxSide, from))?.[0].length ?? 0);
  if (end - to > maxSide) end = to + text.slice(to, to + maxSide).replace(/\s\S*$/, '').length;
  return { text: text.slice(start, end), start: from - start, end: to - start };
}

type Nlp = ReturnType<typeof winkNLP>;

// wink adds every spelling it has not met to its own vocabulary and never lets one go: an instance
// that has tagged many texts is replaced by a fresh one (about 0.1 s), and one is let go after a
// quiet spell.
const docsPerInstance = 20_000;
const wink: { nlp?: Nlp; docs: number } = { docs: 0 };
releaseWhenIdle(wink, (w) => {
  w.nlp = undefined;
});

function load(): Nlp {
  if (wink.docs >= docsPerInstance) wink.nlp = undefined;
  if (!wink.nlp) {
    wink.nlp = winkNLP(model);
    wink.docs = 0;
  }
  wink.docs++;
  return wink.nlp;
}

/** Tags a text; tokens carry character offsets, rebuilt from wink's preceding-space counts. */
export function tag(text: string): Token[] {
  const n = load();
  const its = n.its;
  const tokens = n.readDoc(text).tokens();
  // wink's typings give `its.lemma` a signature `out` does not accept; at run time it is an
  // ItsFunction like the others.
  const out_ = tokens.out.bind(tokens) as (f: unknown) => string[];
  const values = out_(its.value);
  const pos = out_(its.pos);
  const lemmas = out_(its.lemma);
  const spaces = out_(its.precedingSpaces);
  const types = out_(its.type);
  const out: Token[] = [];
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    at += spaces[i].length;
    // wink normalizes some characters; find the token in the text near where it should be.
    const found = text.indexOf(values[i], at);
    const start = found >= 0 && found - at < 4 ? found : at;
    const end = start + values[i].length;
    out.push({
      text: values[i],
      lower: values[i].toLowerCase(),
      pos: pos[i],
      lemma: (lemmas[i] ?? values[i]).toLowerCase(),
      start,
      end,
      isWord: types[i] === 'word',
    });
    at = end;
  }
  return fixTags(out);
}

/**
 * Words after which a word is a noun, not a verb: articles and possessives ("its leaves", "the
 * drops"). "her" and "this" are left out, as they also stand alone ("saw her leave", "this leaves").
 */
const nounMarkers = new Set(['the', 'a', 'an', 'my', 'your', 'our', 'their', 'its', 'his', 'every', 'each', 'whose']);

/**
 * Fixes the tagger's commonest slip on plural nouns that are also verbs ("the old maple drops its
 * leaves": wink tags both as verbs): a verb right after an article or possessive, or after one
 * and adjectives, is a noun.
 */
function fixTags(tokens: Token[]): Token[] {
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].pos !== 'VERB') continue;
    let j = i - 1;
    while (j > 0 && tokens[j].pos === 'ADJ') j--;
    if (nounMarkers.has(tokens[j].lower) && (tokens[j].pos === 'DET' || tokens[j].pos === 'PRON')) {
      tokens[i] = { ...tokens[i], pos: 'NOUN', lemma: tokens[i].lower };
    }
  }
  return tokens;
}

/** Tags the target's sentence and finds the target's tokens. */
export function tagContext(pre: string, target: string, post: string): TaggedSentence {
  const sentence = contextSentence(pre, target, post);
  const tokens = tag(sentence.text);
  const hit: number[] = [];
  tokens.forEach((t, i) => {
    if (t.end > sentence.start && t.start < sentence.end && t.isWord) hit.push(i);
  });
  if (hit.length === 0) {
    tokens.forEach((t, i) => {
      if (t.end > sentence.start && t.start < sentence.end) hit.push(i);
    });
  }
  return { ...sentence, tokens, target: hit };
}

/** Universal POS → WordNet's part of speech, or `x` for the closed classes. */
export function wnPosOfTag(tag: string): 'n' | 'v' | 'a' | 'r' | 'x' {
  switch (tag) {
    case 'NOUN':
    case 'PROPN':
      return 'n';
    case 'VERB':
    case 'AUX':
      return 'v';
    case 'ADJ':
      return 'a';
    case 'ADV':
      return 'r';
    default:
      return 'x';
  }
}

/** Universal POS → the engine's label for closed classes (for ECDICT-only glosses). */
export function labelOfTag(tag: string): string | undefined {
  return (
    {
      NOUN: 'n.',
      PROPN: 'n.',
      VERB: 'v.',
      AUX: 'aux.',
      ADJ: 'adj.',
      ADV: 'adv.',
      ADP: 'prep.',
      CCONJ: 'conj.',
      SCONJ: 'conj.',
      PRON: 'pron.',
      DET: 'det.',
      NUM: 'num.',
      INTJ: 'int.',
    } as Record<string, string>
  )[tag];
}
