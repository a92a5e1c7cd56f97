/**
 * Spelling suggestions for a word the dictionary does not know ("recieve" → receive): the
 * dictionary's headwords within a Damerau–Levenshtein distance of 2 (an adjacent swap counts as
 * one edit, as in optimal string alignment), the nearest first, then the commonest.
 *
 * The candidates come from a symmetric-deletion index (SymSpell's idea): two words within k edits
 * share a string that each reaches by deleting at most k letters (a substitution is a deletion on
 * both sides, an insertion one on one side, a swap the deletion of one of its two letters on both
 * sides). Every headword's deletions are kept — as 32-bit hashes in buckets, not as strings, so
 * the 110,000 ranked headwords and their forms take some 20 MB instead of four million strings — and a
 * query looks up its own deletions' buckets, then measures the true distance of the few words it
 * finds there (a hash that collides only adds a candidate that the measure turns away). A query
 * costs well under a millisecond; building the index takes a fraction of a second, once.
 */

/** A headword and its corpus frequency rank (1 the commonest). */
export interface RankedWord {
  word: string;
  rank: number;
}

export interface SpellingIndex {
  /**
   * Up to `limit` headwords within distance 2 of `word`, by distance, then by rank; never the
   * word itself (case aside). Empty for what is not one word of letters.
   */
  suggest(word: string, limit?: number): string[];
}

export const maxSpellingDistance = 2;
/** Longer words are not indexed: their deletions grow with the square of the length, and typos there are rare. */
const longestIndexed = 24;
const bucketBits = 20;
/** One word of letters, with inner apostrophes or hyphens (o'clock, well-known). */
const oneWord = /^\p{L}+(?:['-]\p{L}+)*$/u;
/**
 * Headwords never suggested: acronyms and abbreviations (two capitals or more, "VZV", or a capital
 * and one letter more, "Th"), which a typo of a word is hardly meant to be, and single letters
 * other than "a" and "I".
 */
const notSuggested = (word: string) =>
  /\p{Lu}.*\p{Lu}/u.test(word) || /^\p{Lu}\p{L}$/u.test(word) || (word.length === 1 && !/^[aI]$/.test(word));

const base = 0x01000193;
const powers = new Uint32Array(longestIndexed + maxSpellingDistance + 1);
powers[0] = 1;
for (let k = 1; k < powers.length; k++) powers[k] = Math.imul(powers[k - 1], base);

/**
 * Calls `visit` with the hash of every string `word` reaches by deleting at most two letters. The
 * hash is polynomial (mod 2^32), so a deletion's hash is put together from the word's prefix
 * hashes in constant time, and a string reached by different deletions ("see" less either e)
 * hashes the same.
 */
function forEachDeletion(word: string, visit: (hash: number) => void): void {
  const n = word.length;
  const prefix = new Uint32Array(n + 1);
  for (let k = 0; k < n; k++) prefix[k + 1] = Math.imul(prefix[k], base) + word.charCodeAt(k);
  // The hash of word[a, b).
  const part = (a: number, b: number) => prefix[b] - Math.imul(prefix[a], powers[b - a]);
  visit(prefix[n] >>> 0);
  for (let i = 0; i < n; i++) {
    visit((Math.imul(prefix[i], powers[n - 1 - i]) + part(i + 1, n)) >>> 0);
    for (let j = i + 1; j < n; j++) {
      visit((Math.imul(prefix[i], powers[n - 2 - i]) + Math.imul(part(i + 1, j), powers[n - 1 - j]) + part(j + 1, n)) >>> 0);
    }
  }
}

/** A hash's bucket: the high bits of a multiplicative mix (the low bits of a polynomial hash mix poorly). */
const bucketOf = (hash: number) => Math.imul(hash, 0x9e3779b1) >>> (32 - bucketBits);

/**
 * The optimal-string-alignment distance of `a` and `b` (an adjacent swap is one edit), or
 * `bound + 1` as soon as it must exceed `bound`.
 */
export function editDistance(a: string, b: string, bound = maxSpellingDistance): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > bound) return bound + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length], bound + 1);
}

export function createSpellingIndex(headwords: Iterable<RankedWord>): SpellingIndex {
  // One entry per word in lower case, its commonest spelling and rank kept (ECDICT has "I" and "i").
  const byKey = new Map<string, RankedWord>();
  for (const h of headwords) {
    const key = h.word.toLowerCase();
    if (!oneWord.test(key) || key.length > longestIndexed || !(h.rank > 0) || notSuggested(h.word)) continue;
    const known = byKey.get(key);
    if (!known || h.rank < known.rank) byKey.set(key, h);
  }
  const keys = [...byKey.keys()];
  const shown = keys.map((k) => byKey.get(k)?.word ?? k);
  const ranks = Int32Array.from(keys, (k) => byKey.get(k)?.rank ?? 0);

  // Buckets by hash, laid out flat: the words of bucket b are entries[starts[b] .. starts[b + 1]).
  const starts = new Uint32Array((1 << bucketBits) + 1);
  for (const key of keys) forEachDeletion(key, (hash) => starts[bucketOf(hash) + 1]++);
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
  const entries = new Uint32Array(starts[starts.length - 1]);
  const filled = starts.slice(0, -1);
  for (const [index, key] of keys.entries()) {
    forEachDeletion(key, (hash) => {
      entries[filled[bucketOf(hash)]++] = index;
    });
  }

  return {
    suggest(word, limit = 5) {
      const query = word.trim().toLowerCase();
      if (!oneWord.test(query) || query.length > longestIndexed + maxSpellingDistance) return [];
      const seen = new Set<number>();
      const found: { index: number; distance: number }[] = [];
      forEachDeletion(query, (hash) => {
        const bucket = bucketOf(hash);
        for (let e = starts[bucket]; e < starts[bucket + 1]; e++) {
          const index = entries[e];
          if (seen.has(index)) continue;
          seen.add(index);
          const key = keys[index];
          if (key === query) continue;
          const distance = editDistance(query, key);
          if (distance <= maxSpellingDistance) found.push({ index, distance });
        }
      });
      found.sort((x, y) => x.distance - y.distance || ranks[x.index] - ranks[y.index]);
      return found.slice(0, limit).map((f) => shown[f.index]);
    },
  };
}

const indexes = new WeakMap<object, SpellingIndex>();

/** One index per word source (an opened ECDICT), built the first time a suggestion is asked. */
export function spellingIndexOf(source: { rankedWords(): Iterable<RankedWord> }): SpellingIndex {
  let index = indexes.get(source);
  if (!index) {
    index = createSpellingIndex(source.rankedWords());
    indexes.set(source, index);
  }
  return index;
}
