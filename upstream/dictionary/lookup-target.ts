import { WORD_NOT_FOUND, type TranslationItem } from '../../lib/contract';

/**
 * The target as a dictionary key: NFKC (full-width letters become ASCII), straight apostrophes,
 * no punctuation around it — except the final dot of an abbreviation written with dots ("U.S.").
 */
export function cleanTarget(raw: string): string {
  const text = String(raw ?? '')
    .normalize('NFKC')
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐-―]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/[^\p{L}\p{N}]+$/u, '');
  return /^(?:\p{L}\.)+\p{L}$/u.test(text) ? `${text}.` : text;
}

/** The full words of English's clitics, as WordNet lists them ("I'm" is I am; "'s" is mostly is). */
const clitics = new Map<string, string>(
  Object.entries({
    "'m": 'am',
    "'re": 'are',
    "'s": 'is',
    "'ve": 'have',
    "'ll": 'will',
    "'d": 'would',
    "n't": 'not',
  }),
);

/**
 * The word a target stands for: a clitic clicked on its own ("'m", "n't") is its full word, else
 * the cleaned target.
 */
export function targetWord(raw: string): string {
  const word = cleanTarget(raw).toLowerCase();
  const whole = String(raw ?? '')
    .normalize('NFKC')
    .replace(/[’‘`´]/g, "'")
    .trim()
    .toLowerCase();
  return clitics.get(whole) ?? word;
}

/** The answer for a target no dictionary has: one item, one gloss saying WORD_NOT_FOUND. */
export function notFound(target: string, word: string): TranslationItem {
  const shown = word || target;
  return {
    lemma: shown,
    key: shown,
    w_c: 0,
    variants: [],
    etymology: [],
    synonyms: [],
    gloss: [{ sense: { first: target, second: `${WORD_NOT_FOUND}：${shown}` }, s_c: 0, sense_id: null, examples: [] }],
  };
}
