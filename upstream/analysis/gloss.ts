import { WORD_NOT_FOUND } from '../../lib/contract';
import { tag } from '../dictionary/tagger';
import type { DictionaryEngine } from '../dictionary/types';

/*
 * The word-by-word gloss (逐词释义): what answers for a translation when no language model is
 * configured. Each content word with its sense in this sentence, from the contextual dictionary,
 * e.g. "book 书；lend 借；interesting 有趣的". It is never presented as a translation: the
 * answer says its source is 'gloss' and the UI labels it.
 */

const contentTags = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV']);

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

export function glossOf(text: string, dictionary: Pick<DictionaryEngine, 'lookup'>): string {
  const tokens = tag(text).filter((t) => t.isWord && /[A-Za-z]/.test(t.text));
  const content = tokens.filter((t) => contentTags.has(t.pos) && !functionAdverbs.has(t.lower));
  // A sentence of function words only ("Here it is.") is glossed word by word all the same.
  const chosen = content.length ? content : tokens;
  const entries: string[] = [];
  const seen = new Set<string>();
  for (const token of chosen) {
    if (entries.length >= maxWords) break;
    const [item] = dictionary.lookup({
      pre_context: text.slice(0, token.start),
      post_context: text.slice(token.end),
      target_word: token.text,
    });
    const lemma = item ? (token.pos === 'PROPN' ? item.lemma : item.lemma.toLowerCase()) : token.lower;
    if (seen.has(lemma)) continue;
    seen.add(lemma);
    // The sentence's sense may show no Chinese (none supported, see dictionary/chinese.ts): the
    // next sense that has some still says more than 词典未收录.
    const sense = item?.gloss.find((g) => g.simple_sense || g.sense.second) ?? item?.gloss[0];
    const chinese = sense && !sense.sense.second?.includes(WORD_NOT_FOUND) ? sense.simple_sense || sense.sense.second : '';
    const short = chinese ? shortChinese(chinese) : undefined;
    entries.push(`${lemma} ${short ?? '（词典未收录）'}`);
  }
  return entries.join('；');
}
