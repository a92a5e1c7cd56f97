import { type GlossEntry, WORD_NOT_FOUND } from '../../lib/contract';
import type { UdWord } from '../language/ud';
import type { Parse } from '../parser/link-grammar';
import { type ContextSentence, tag, type Token } from '../dictionary/tagger';
import type { DictionaryEngine, LookupInput } from '../dictionary/types';

/*
 * The word-by-word gloss (逐词释义): what answers for a translation when no language model is
 * configured. Each content word, and each expression the dictionary recognises ("give up", "on
 * time") as one unit, with the sense the contextual dictionary chooses for it in this sentence:
 * the same lookup as query_word, so the gloss says what clicking the word says. Function words
 * are left out, and so is a word the dictionary has no Chinese for: a list of meanings, never a
 * sentence pretending to be a translation. The answer says its source is 'gloss' and the UI
 * labels it.
 */

const contentTags = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV', 'NUM']);

// Adverbs that do the grammar's work rather than carry a meaning worth glossing.
const functionAdverbs = new Set([
  'not',
  "n't",
  'so',
  'too',
  'very',
  'also',
  'just',
  'then',
  'there',
  'here',
  'how',
  'when',
  'where',
  'why',
  'as',
  'more',
  'most',
  'only',
  'even',
]);

/** Distinct words glossed at most: a long text is glossed in its first part. */
const maxWords = 200;

/** How far (in words) an expression's other words may stand from the word looked up. */
const expressionReach = 4;

/**
 * The shortest meaningful Chinese of a sense: its first entries, without notes in brackets or
 * frames with gaps ("如...那样"), the shorter of the first two.
 */
export function shortChinese(chinese: string): string | undefined {
  const pieces = chinese
    .replace(/[（(［[【][^）)］\]】]*[）)］\]】]/g, '')
    .split(/[，,；;、]/)
    .map((p) => p.trim())
    .filter((p) => p !== '' && /\p{Script=Han}/u.test(p) && !/\.\.\.|…/.test(p));
  const [first, second] = pieces;
  if (!first) return undefined;
  return second && second.length < first.length ? second : first;
}

/** What the gloss reads a sentence with: the same parses query_word hands the dictionary. */
export interface SentenceReadings {
  /** The trained parser's words of a sentence (the sense model reads them), or undefined. */
  tree(sentence: string): readonly UdWord[] | undefined;
  /** Link Grammar's parse of the sentence around a word (its role, its expressions), or undefined. */
  parse(sentence: ContextSentence): Promise<Parse | undefined>;
}

const noReadings: SentenceReadings = { tree: () => undefined, parse: async () => undefined };

type Dictionary = Pick<DictionaryEngine, 'lookup' | 'sentenceOf' | 'lemmasOf'>;

/** A sense's Chinese, short; undefined where the dictionary has none for it. */
function chineseOf(gloss: { simple_sense?: string; sense: { second?: string } } | undefined): string | undefined {
  if (!gloss || gloss.sense.second?.includes(WORD_NOT_FOUND)) return undefined;
  const chinese = gloss.simple_sense || gloss.sense.second;
  return chinese ? shortChinese(chinese) : undefined;
}

/**
 * The tokens an expression's other words are, near the word it was looked up by ("gave … up"), or
 * undefined when one of them is not there (the dictionary offered an expression the sentence does
 * not use whole).
 */
function expressionTokens(title: string, at: number, tokens: readonly Token[], dictionary: Dictionary): number[] | undefined {
  const used: number[] = [];
  for (const word of title.toLowerCase().split(/\s+/)) {
    const matches = (i: number) => tokens[i].lower === word || dictionary.lemmasOf(tokens[i].text).includes(word);
    let found: number | undefined;
    for (let d = 0; d <= expressionReach && found === undefined; d++) {
      found = (d === 0 ? [at] : [at + d, at - d]).find((i) => i >= 0 && i < tokens.length && !used.includes(i) && matches(i));
    }
    if (found === undefined) return undefined;
    used.push(found);
  }
  return used.includes(at) ? used.sort((a, b) => a - b) : undefined;
}

/**
 * The gloss of a text: one entry per content word or recognised expression, in the text's order,
 * each with the Chinese of its sense in context; where the dictionary is unsure between its two
 * best senses (query_word shows both as possible), both. Empty when no word has a sense with
 * Chinese: nothing is better than nonsense.
 */
export async function glossEntries(
  text: string,
  dictionary: Dictionary,
  readings: SentenceReadings = noReadings,
): Promise<GlossEntry[]> {
  const tokens = tag(text).filter((t) => t.isWord && /[\p{L}\p{N}]/u.test(t.text));
  const entries: GlossEntry[] = [];
  const seen = new Set<string>();
  const covered = new Set<number>();
  const looked = new Set<string>();
  for (let at = 0; at < tokens.length && entries.length < maxWords; at++) {
    const token = tokens[at];
    if (covered.has(at) || !contentTags.has(token.pos) || functionAdverbs.has(token.lower)) continue;
    // A word met before is glossed once: its first reading stands (and a long text is not looked up
    // word after word again).
    if (looked.has(token.lower)) continue;
    looked.add(token.lower);
    const input: LookupInput = {
      pre_context: text.slice(0, token.start),
      post_context: text.slice(token.end),
      target_word: token.text,
    };
    const sentence = dictionary.sentenceOf(input);
    const [item] = dictionary.lookup(input, await readings.parse(sentence), readings.tree(sentence.text));
    const glosses = item?.gloss ?? [];
    // An expression the dictionary chose for the word here is glossed once, as one unit, and its
    // other words with it; one whose words the sentence does not hold whole leaves the word's own.
    const phrase = glosses[0]?.phrase_title;
    const together = phrase ? expressionTokens(phrase, at, tokens, dictionary) : undefined;
    if (phrase && together) {
      const chinese = chineseOf(glosses[0]);
      if (!chinese) continue;
      for (const i of together) covered.add(i);
      if (seen.has(phrase)) continue;
      seen.add(phrase);
      entries.push({ text: phrase, gloss: chinese });
      continue;
    }
    const own = glosses.filter((g) => !g.phrase_title);
    const [first, second] = own;
    const chinese = chineseOf(first);
    if (!item || !chinese) continue;
    const lemma = token.pos === 'PROPN' ? item.lemma : item.lemma.toLowerCase();
    if (seen.has(lemma)) continue;
    seen.add(lemma);
    // Unsure between its two best senses, the dictionary shows both as possible; so does the gloss.
    const unsure = first.maybe === 'close' && second?.maybe === 'close';
    const other = unsure ? chineseOf(second) : undefined;
    entries.push({ text: lemma, gloss: chinese, ...(other && other !== chinese ? { alternative: other } : {}) });
  }
  return entries;
}

/** The entries as one line of text (the answer's `translation`, what the tutor's prompt reads). */
export function glossLine(entries: readonly GlossEntry[]): string {
  return entries.map((e) => `${e.text} ${e.gloss}${e.alternative ? `（或：${e.alternative}）` : ''}`).join('；');
}
