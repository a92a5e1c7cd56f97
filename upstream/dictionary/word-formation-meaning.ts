/**
 * What word formation (word-formation.ts) knows of a real word, and how a stem's meaning is
 * compared with the whole word's: through the Chinese of their renderings.
 */
import type { TranslationLine } from './ecdict-text';

/** What the analysis needs to know about a real word. */
export interface WordFacts {
  lines: TranslationLine[];
  /** A word a learner meets (Oxford 3000, Collins stars, an exam tag or a frequency rank). */
  common: boolean;
  /** A core word (Oxford 3000, two Collins stars, a school exam tag): short stems must be. */
  core: boolean;
}

export type WordLookup = (word: string) => WordFacts | undefined;

export const negationChars = /[不无非未难否缺]/;

/**
 * Characters too common in Chinese glosses to show shared meaning (的, 性, 者 … come from the
 * suffix itself or from grammar, not from the stem).
 */
const stopChars = new Set(
  '的地得之者人性化使被一不无非未是有在于为以等与和及或其所某物家员状态行很又再更最做作用种类们个这那成子儿学度法式主义师生出入上下事情东西时间方面分部动发开加给对把向从到里外前后中来去过着了也都就而且但并'.split(
    '',
  ),
);

function cleanItem(item: string): string {
  return item
    .replace(/^[（(][^）)]*[）)]\s*/, '')
    .replace(/[（(][^）)]*[）)]/g, '')
    .trim();
}

export function renderings(facts: WordFacts, maxLines: number, maxItems: number): string[] {
  return facts.lines
    .filter((l) => !l.domain)
    .slice(0, maxLines)
    .flatMap((l) => l.items.slice(0, maxItems).map(cleanItem))
    .filter(Boolean);
}

const cjk = /[\u4e00-\u9fff]/;

function contentChars(text: string): string[] {
  return [...text].filter((ch) => cjk.test(ch) && !stopChars.has(ch));
}

function bigrams(text: string): string[] {
  const chars = [...text.replace(/[的地]$/, '')];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const pair = chars[i] + chars[i + 1];
    if (cjk.test(chars[i]) && cjk.test(chars[i + 1]) && !(stopChars.has(chars[i]) && stopChars.has(chars[i + 1]))) out.push(pair);
  }
  return out;
}

/** The whole word's meaning, to compare stems with: its first renderings. */
export interface Meaning {
  items: string[];
  chars: Set<string>;
  pairs: Set<string>;
}

export function meaningOf(facts: WordFacts): Meaning {
  // The first renderings only: late ones are rare senses (shower: …, 显示者) that would let
  // look-alike stems in.
  const lines = facts.lines.filter((l) => !l.domain);
  const items = [...(lines[0]?.items.slice(0, 4) ?? []), ...(lines[1]?.items.slice(0, 3) ?? [])].map(cleanItem).filter(Boolean);
  return {
    items,
    chars: new Set(items.flatMap(contentChars)),
    pairs: new Set(items.flatMap(bigrams)),
  };
}

/**
 * How clearly a stem's renderings share meaning with the whole word: 2 when they share two
 * characters in a row (快乐 in happiness) or a short rendering of the stem appears whole (教 in
 * 教师), 1 when they share one content character, 0 otherwise. Also the stem rendering that
 * carries the shared meaning, used as the stem's gloss.
 */
export function overlap(whole: Meaning, stem: WordFacts): { score: 0 | 1 | 2; item?: string } {
  let single: string | undefined;
  const raw = stem.lines
    .filter((l) => !l.domain)
    .slice(0, 3)
    .flatMap((l) => l.items.slice(0, 12));
  for (const original of raw) {
    const item = cleanItem(original);
    if (!item) continue;
    const core = item.replace(/[的地]$/, '');
    if (bigrams(item).some((p) => whole.pairs.has(p))) return { score: 2, item };
    // A whole short rendering (教 in 教师) counts, but not a fragment of a longer one (持(枪)).
    const bare = item === original;
    if (
      bare &&
      core.length > 0 &&
      core.length <= 2 &&
      contentChars(core).length > 0 &&
      whole.items.some((w) => w.includes(core))
    ) {
      return { score: 2, item };
    }
    if (!single && contentChars(item).some((ch) => whole.chars.has(ch))) single = item;
  }
  return single ? { score: 1, item: single } : { score: 0 };
}

/** Whether a word can stand as a stem: a common lemma with a part of speech, not an abbreviation. */
export function usableStem(facts: WordFacts | undefined, word: string): facts is WordFacts {
  if (!facts?.common) return false;
  if (word.length <= 3 && !facts.core) return false;
  const first = facts.lines.find((l) => !l.domain);
  return !!first && first.pos !== null && first.pos !== 'abbr.';
}

export function firstRendering(facts: WordFacts): string {
  const line = facts.lines.find((l) => !l.domain && l.pos) ?? facts.lines[0];
  return (line?.items ?? []).map(cleanItem).find(Boolean) ?? '';
}
