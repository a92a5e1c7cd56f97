import { randomInt } from 'node:crypto';
import Database from 'better-sqlite3';
import { dictionary as cmuDictionary } from 'cmu-pronouncing-dictionary';
import { defaultEcdictPath } from '../dictionary/ecdict';
import { parseTranslation } from '../dictionary/ecdict-text';
import { makePseudoWords, type Random } from './pseudo-words';

/*
 * The words the assessment asks, from ECDICT (the dictionary's own data file, read-only):
 *
 *  - the pool: lower-case lemmas with a COCA frequency rank (ECDICT `frq`, ≤ 40,000) and a Chinese
 *    sense with a part of speech, that are no inflection of another word (`exchange` has no `0:`);
 *    ranked again 1…N among themselves, so "knows 5,000 words" means the 5,000 commonest such
 *    lemmas. N is about 30,000.
 *  - pseudo-words made from the pool's spelling patterns and checked against all of ECDICT's
 *    770,000 entries and the CMU pronouncing dictionary's 130,000 words (pseudo-words.ts).
 *  - for each lemma its short Chinese sense, and distractors: the senses of other lemmas of the
 *    same part of speech and a similar rank.
 */

export interface PoolWord {
  word: string;
  rank: number;
  /** The first part of speech's label (n. v. adj. …). */
  pos: string;
  /** Its first one or two Chinese renderings. */
  sense: string;
  /** Every rendering of the word, to keep distractors from meaning the same. */
  renderings: Set<string>;
}

export interface ItemBank {
  poolSize: number;
  /** The pool word of a rank (1-based). */
  at(rank: number): PoolWord;
  /** The rank of a lemma, when it is in the pool. */
  rankOf(word: string): number | undefined;
  /** An unused word near a target rank (within ±15 %, widening when those are used). */
  pickWord(targetRank: number, used: ReadonlySet<string>, random: Random): PoolWord;
  /** An unused pseudo-word. */
  pickPseudo(used: ReadonlySet<string>, random: Random): string;
  /** Four Chinese options, one the word's sense; `correct` is its index. */
  meaningOptions(word: PoolWord, random: Random): { options: string[]; correct: number };
  /** Whether a string is a dictionary word (for the tests of pseudo-words). */
  isWord(word: string): boolean;
}

/** A uniform [0, 1) from the system's cryptographic source: the words asked must not be predictable. */
export const secureRandom: Random = () => randomInt(0, 2 ** 40) / 2 ** 40;

const maxFrequencyRank = 40_000;
export const pseudoWordCount = 400;

function senseOf(translation: string): { pos: string; sense: string; renderings: Set<string> } | undefined {
  const lines = parseTranslation(translation).filter((l) => !l.domain);
  const first = lines.find((l) => l.pos && l.items.length > 0);
  if (!first?.pos || first.pos === 'abbr.') return undefined;
  const items = first.items.filter((x) => x.length <= 12 && /[\u4e00-\u9fff]/.test(x) && !/[a-zA-Z]/.test(x));
  if (items.length === 0) return undefined;
  const renderings = new Set(lines.flatMap((l) => l.items));
  return { pos: first.pos, sense: items.slice(0, 2).join('；'), renderings };
}

export function loadItemBank(path: string = defaultEcdictPath(), random: Random = secureRandom): ItemBank {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  let pool: PoolWord[];
  const exists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM stardict WHERE word = ? LIMIT 1');
  try {
    const rows = db
      .prepare<[number], { word: string; frq: number; exchange: string | null; translation: string | null }>(
        `SELECT word, frq, exchange, translation FROM stardict
         WHERE frq > 0 AND frq <= ? AND word GLOB '[a-z]*' AND word NOT GLOB '*[^a-z]*' AND length(word) >= 2
         ORDER BY frq, word`,
      )
      .all(maxFrequencyRank);
    pool = [];
    for (const row of rows) {
      if (/(^|\/)0:/.test(row.exchange ?? '')) continue;
      const sense = senseOf(row.translation ?? '');
      if (!sense) continue;
      pool.push({ word: row.word, rank: pool.length + 1, ...sense });
    }
    const isWord = (w: string) => w in cmuDictionary || exists.get(w) !== undefined;
    const pseudo = makePseudoWords(
      pool.map((p) => p.word),
      isWord,
      pseudoWordCount,
      random,
    );
    return createItemBank(pool, pseudo, isWord);
  } finally {
    // Pseudo-words are checked at load; nothing later needs the file.
    db.close();
  }
}

/** ECDICT's verb labels (v. vi. vt. aux.) are one family for distractors; other labels are their own. */
const familyOf = (pos: string): string => (/^(v|vi|vt|aux)\.$/.test(pos) ? 'v.' : pos);

/** An item bank over given words (the tests use a small one). */
export function createItemBank(pool: PoolWord[], pseudo: string[], isWord: (w: string) => boolean): ItemBank {
  const byWord = new Map(pool.map((p) => [p.word, p]));
  const byFamily = new Map<string, PoolWord[]>();
  /** Each word's place in its family's list. */
  const familyIndex = new Map<string, number>();
  for (const p of pool) {
    let list = byFamily.get(familyOf(p.pos));
    if (!list) byFamily.set(familyOf(p.pos), (list = []));
    familyIndex.set(p.word, list.length);
    list.push(p);
  }
  const poolSize = pool.length;

  return {
    poolSize,
    at: (rank) => pool[Math.min(poolSize, Math.max(1, rank)) - 1],
    rankOf: (word) => byWord.get(word)?.rank,
    isWord,
    pickWord(targetRank, used, random) {
      for (let spread = 0.15; ; spread *= 2) {
        const low = Math.max(1, Math.floor(targetRank * (1 - spread)));
        const high = Math.min(poolSize, Math.ceil(targetRank * (1 + spread)));
        const free: PoolWord[] = [];
        for (let r = low; r <= high; r++) if (!used.has(pool[r - 1].word)) free.push(pool[r - 1]);
        if (free.length > 0) return free[Math.floor(random() * free.length)];
        if (low === 1 && high === poolSize) throw new Error('assessment: the pool is used up');
      }
    },
    pickPseudo(used, random) {
      const free = pseudo.filter((w) => !used.has(w));
      if (free.length === 0) throw new Error('assessment: no pseudo-words left');
      return free[Math.floor(random() * free.length)];
    },
    meaningOptions(word, random) {
      const same = byFamily.get(familyOf(word.pos)) ?? pool;
      const distractors: string[] = [];
      const taken = new Set([word.sense]);
      const offer = (other: PoolWord | undefined) => {
        if (!other || distractors.length >= 3 || other.word === word.word || taken.has(other.sense)) return;
        // Not a synonym: no rendering shared either way.
        const parts = other.sense.split('；');
        if (parts.some((x) => word.renderings.has(x)) || word.sense.split('；').some((x) => other.renderings.has(x))) return;
        taken.add(other.sense);
        distractors.push(other.sense);
      };
      // Mostly near the word's rank, in its own part of speech, so no option stands out by rarity
      // or by grammar; widening when the neighbours are used up or synonyms.
      const index = familyIndex.get(word.word) ?? 0;
      for (let spread = 50; distractors.length < 3 && spread < same.length * 2; spread *= 2) {
        for (let tries = 0; tries < 40 && distractors.length < 3; tries++) {
          const j = index + Math.round((random() * 2 - 1) * spread);
          offer(same[Math.min(same.length - 1, Math.max(0, j))]);
        }
      }
      // A part of speech with few words (the modal verbs, the article): outward from the word in
      // its own list, then in the whole pool, so the check always has four options.
      for (const [list, at] of [
        [same, index],
        [pool, word.rank - 1],
      ] as const) {
        for (let d = 1; distractors.length < 3 && d < list.length; d++) {
          offer(list[at - d]);
          offer(list[at + d]);
        }
      }
      const correct = Math.floor(random() * (distractors.length + 1));
      const options = [...distractors];
      options.splice(correct, 0, word.sense);
      return { options, correct };
    },
  };
}

let shared: ItemBank | undefined;
/** One bank per process (loading reads about 40,000 rows and makes the pseudo-words: ~1 s). */
export const sharedItemBank = (): ItemBank => (shared ??= loadItemBank());
