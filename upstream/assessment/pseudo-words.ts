/*
 * Pseudo-words: strings that read like English words and are none. They are made by a letter
 * trigram chain trained on the pool's own lemmas (so they have English spelling patterns), and
 * kept only when neither they nor the stem left after an ending (-s, -es, -ed, -ing, -er, -ly,
 * -y) is a word of the dictionary or of the pronouncing dictionary's word list, and they have a
 * vowel in every stretch of four letters (pronounceable).
 */

export type Random = () => number;

const endings = ['s', 'es', 'ed', 'd', 'ing', 'er', 'ers', 'ly', 'y', 'ness', 'ful', 'less'];

/** The trigram chain over words padded with ^^ and $. */
export function trainChain(words: readonly string[]): Map<string, Map<string, number>> {
  const chain = new Map<string, Map<string, number>>();
  for (const word of words) {
    const padded = `^^${word}$`;
    for (let i = 2; i < padded.length; i++) {
      const key = padded.slice(i - 2, i);
      let next = chain.get(key);
      if (!next) chain.set(key, (next = new Map()));
      next.set(padded[i], (next.get(padded[i]) ?? 0) + 1);
    }
  }
  return chain;
}

function draw(options: Map<string, number>, random: Random): string {
  let total = 0;
  for (const n of options.values()) total += n;
  let u = random() * total;
  for (const [letter, n] of options) {
    u -= n;
    if (u < 0) return letter;
  }
  return '$';
}

/** Whether every run of four letters has a vowel and no letter repeats three times. */
export function isPronounceable(word: string): boolean {
  return !/[^aeiouy]{4}/.test(word) && !/(.)\1\1/.test(word) && /[aeiouy]/.test(word);
}

/** Whether a candidate, or its stem under a common ending, is a real word. */
export function looksReal(word: string, isWord: (w: string) => boolean): boolean {
  if (isWord(word)) return true;
  for (const ending of endings) {
    if (word.endsWith(ending) && word.length - ending.length >= 3) {
      const stem = word.slice(0, -ending.length);
      if (isWord(stem) || isWord(`${stem}e`)) return true;
    }
  }
  return false;
}

/** `count` distinct pseudo-words of 5 to 9 letters. */
export function makePseudoWords(
  lemmas: readonly string[],
  isWord: (w: string) => boolean,
  count: number,
  random: Random,
): string[] {
  const chain = trainChain(lemmas.filter((w) => w.length >= 4));
  const out = new Set<string>();
  for (let attempt = 0; out.size < count && attempt < count * 200; attempt++) {
    let word = '';
    let key = '^^';
    for (;;) {
      const next = chain.get(key);
      if (!next) break;
      const letter = draw(next, random);
      if (letter === '$' || word.length >= 10) break;
      word += letter;
      key = key[1] + letter;
    }
    if (word.length < 5 || word.length > 9) continue;
    if (!isPronounceable(word) || looksReal(word, isWord)) continue;
    out.add(word);
  }
  return [...out];
}
