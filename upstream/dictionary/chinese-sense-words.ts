/**
 * The English side of Chinese for a sense (chinese.ts): the words that tell a WordNet sense from
 * the word's others, to read CC-CEDICT's English glosses with, and a noun definition's genus.
 */
import { glossKey } from './cedict';
import { contentWords, stopWords } from './rank';
import type { Synset } from './wordnet';

/** A crude English stem, enough to meet "working" and "work", "lifted" and "lift". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 4) return w;
  return w.replace(/(?:ies|ied)$/, 'y').replace(/(?:ing|ed|es|s|ly)$/, '');
}

/** English words too general to tell one sense from another. */
export const vagueWords = new Set(
  'something someone somebody thing things person people way make makes made cause causes caused act action state part kind used use especially usually often one ones also etc get give take go come have be being put set'.split(
    ' ',
  ),
);

/**
 * Words a definition frames its meaning with, not the meaning: "fail to keep or to maintain"
 * (lose touch) is no 失败, "cease to have" no 停止, "try to find" no 尝试.
 */
export const aspectWords = new Set(
  'fail fails cease ceases begin begins start starts try tries attempt attempts tend tends'.split(' '),
);

/** The English words of a sense, weighted: its synonyms and neighbours' lemmas, its definition's words. */
export interface SenseWords {
  /** The word itself, as a gloss key. */
  self: string;
  /** Whole phrases (gloss keys) of the synonyms and close neighbours. */
  phrases: Map<string, number>;
  /** Single stems. */
  stems: Map<string, number>;
}

/**
 * The English that tells this sense from the word's others, for reading CC-CEDICT's glosses:
 * synonyms, hypernyms, similar words (not hyponyms: 扑满 is a piggy bank, not every money box)
 * and the definition's words, never the word itself, whose glosses every candidate shares.
 */
export function senseWords(lemma: string, synset: Synset, ev: Map<string, number> & { narrower?: Set<string> }): SenseWords {
  const own = new Set(lemma.toLowerCase().split(/[ _-]/).map(stem));
  const phrases = new Map<string, number>();
  const stems = new Map<string, number>();
  const put = (map: Map<string, number>, key: string, weight: number) => {
    if ((map.get(key) ?? 0) < weight) map.set(key, weight);
  };
  for (const [word, weight] of ev) {
    if (ev.narrower?.has(word) || weight < 0.5) continue;
    put(phrases, glossKey(word), weight);
    const parts = word.toLowerCase().split(/[ -]/);
    for (const w of parts) {
      const st = stem(w);
      // A phrase's words say less than the phrase ("take time off": time, off).
      if (w.length > 2 && !own.has(st) && !stopWords.has(w) && !vagueWords.has(w))
        put(stems, st, parts.length > 1 ? weight * 0.6 : weight);
    }
  }
  for (const w of contentWords(synset.definition)) {
    const st = stem(w);
    if (w.length > 2 && !own.has(st) && !vagueWords.has(w) && !aspectWords.has(w)) put(stems, st, 0.4);
  }
  // A noun's definition names what kind of thing it is first ("the act of deciding to do
  // something": an act), as a hypernym does: 举措 "move; act; measure" is that move.
  const kind = synset.pos === 'n' ? genus(synset.definition) : undefined;
  if (kind && !own.has(stem(kind))) put(phrases, glossKey(kind), 0.5);
  return { self: glossKey(lemma), phrases, stems };
}

/** Words that end a definition's first noun phrase: prepositions, relatives, "to", punctuation. */
const phraseEnd = new Set([
  'of',
  'that',
  'which',
  'who',
  'whose',
  'where',
  'when',
  'to',
  'in',
  'on',
  'for',
  'with',
  'by',
  'from',
  'at',
  'as',
  'or',
  'and',
  'into',
  'about',
  'especially',
  'used',
  'having',
  'usually',
]);

/**
 * The head of a noun definition's first phrase, its genus: "the act of deciding to do
 * something" → act, "a financial institution that accepts deposits" → institution, "sloping land
 * (especially …)" → land, "(baseball) the act of throwing…" → act; undefined when the definition
 * does not start with a plain phrase.
 */
export function genus(definition: string): string | undefined {
  // A leading field label is no part of the phrase: "(baseball) the act of throwing…".
  const words = definition
    .toLowerCase()
    .replace(/^\([^)]*\)\s*/, '')
    .split(/\s+/);
  let head: string | undefined;
  for (const [k, raw] of words.entries()) {
    const w = raw.replace(/[^a-z'-]/g, '');
    if (k === 0 && (w === 'a' || w === 'an' || w === 'the' || w === 'any')) continue;
    if (!w || phraseEnd.has(w)) break;
    head = w;
    // Punctuation closes the phrase after this word ("land (especially", "person; one").
    if (/[^a-z'-]$/.test(raw)) break;
    if (k >= 4) return undefined;
  }
  return head && head.length > 2 && !stopWords.has(head) ? head : undefined;
}
