/**
 * A word's Chinese inside a two-word collocation of its sentence, for Chinese for a sense
 * (chinese.ts): "heavy rain" → 大, from 大雨.
 */
import type { Cedict } from './cedict';
import { cjk, core } from './chinese-similarity';
import type { TranslationLine } from './ecdict-text';

/** Two words of a sentence that belong together: adjective–noun, noun–noun, verb–object. */
export interface Collocation {
  /** The clicked word's lemma and its gloss label (adj., n., v.…). */
  lemma: string;
  label: string;
  /** The other word's lemma and its label. */
  neighbour: string;
  neighbourLabel: string;
  /** Whether the neighbour comes first ("river bank" for bank). */
  neighbourFirst: boolean;
}

export interface CollocationChinese {
  /** The part of the collocation's Chinese that renders the clicked word (大). */
  rendering: string;
  /** The collocation's Chinese word (大雨). */
  word: string;
  /** The word's first own rendering that contains `rendering` (巨大的): the meaning said fully. */
  own: string[];
}

/** A remainder that is only grammar (的, 了, 被…) renders no word. */
const particles = /^[的地得了着过是在有和与或及使被把之一不]+$/;

/** What a collocation is read with: CC-CEDICT and the matcher's ECDICT lines (chinese.ts). */
export interface CollocationLexicon {
  cedict: Pick<Cedict, 'headwordsFor'>;
  /** ECDICT's lines of a word, inflection notes removed. */
  linesOf(word: string): TranslationLine[];
  /** The lines of a word for a label, best label first; plain lines (no POS, no field) when none. */
  linesFor(word: string, label: string): TranslationLine[];
}

/**
 * A Chinese compound is mostly two renderings side by side (大雨 = 大 + 雨, 河岸 = 河 + 岸,
 * 吃药 = 吃 + 药). Where CC-CEDICT or ECDICT renders the collocation as such a compound, and
 * one half is a rendering of the neighbour, the other half is what the clicked word means here
 * — provided it is also one of the word's own renderings (or part of one: 大 of 巨大的), so that
 * a loose idiom (劲风 for "strong wind": 劲 is no rendering of strong in ECDICT) says nothing.
 */
export function collocationChinese(c: Collocation, lexicon: CollocationLexicon): CollocationChinese | undefined {
  const { cedict, linesOf, linesFor } = lexicon;
  const phrase = c.neighbourFirst ? `${c.neighbour} ${c.lemma}` : `${c.lemma} ${c.neighbour}`;
  // A compound of two renderings is short; a longer word is a set phrase (开放门户 for an "open
  // door" policy, not for opening one).
  const words = [
    ...cedict.headwordsFor(phrase),
    ...linesOf(phrase)
      .filter((l) => l.domain !== '网络')
      .flatMap((l) => l.items.map(core)),
  ].filter((w) => w.length >= 2 && w.length <= 3);
  if (words.length === 0) return undefined;
  const neighbourItems = new Set(
    [
      ...linesFor(c.neighbour, c.neighbourLabel)
        .slice(0, 2)
        .flatMap((l) => l.items.slice(0, 6)),
      ...cedict.headwordsFor(c.neighbour),
    ]
      .map(core)
      .filter((x) => x && x.length <= 3),
  );
  const own = linesFor(c.lemma, c.label).flatMap((l) => l.items);
  const ownCores = own.map(core).filter(Boolean);
  let best: (CollocationChinese & { exact: boolean }) | undefined;
  for (const word of words) {
    for (const n of neighbourItems) {
      // Chinese keeps the English order here: modifier before head, verb before object.
      let rest = '';
      if (c.neighbourFirst && word.startsWith(n)) rest = word.slice(n.length);
      else if (!c.neighbourFirst && word.endsWith(n)) rest = word.slice(0, -n.length);
      if (!rest || !cjk.test(rest) || particles.test(rest)) continue;
      const exact = ownCores.includes(rest);
      // Only the first: later ones may hold the character in another meaning (close friend
      // 密友: 亲密的, not 严密的).
      const containing = own.filter((item) => core(item).length <= 4 && core(item).includes(rest)).slice(0, 1);
      if (!exact && containing.length === 0) continue;
      if (!best || (exact && !best.exact)) best = { rendering: rest, word, own: containing, exact };
    }
    if (best?.exact) break;
  }
  if (!best) return undefined;
  const { exact: _, ...found } = best;
  return found;
}
