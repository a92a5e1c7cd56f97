import { afterEach, describe, expect, it } from 'vitest';
import { closeOverlays, overlayStore } from './overlays';
import { contextOf, findWord, lookUpWord, sentenceRanges, tokenize, wordQueryKey, type WordQuery } from './word-lookup';

const words = (text: string) =>
  tokenize(text)
    .filter((t) => t.isWord)
    .map((t) => t.text);
const sentences = (text: string) => sentenceRanges(text).map((r) => text.slice(r.start, r.end));
const indexOf = (text: string, word: string, nth = 0) => {
  const tokens = tokenize(text);
  let seen = 0;
  const i = tokens.findIndex((t) => t.isWord && t.text === word && seen++ === nth);
  if (i < 0) throw new Error(`no ${word}`);
  return i;
};

describe('tokenize', () => {
  it('keeps contractions, possessives and hyphenated words whole, with curly apostrophes too', () => {
    expect(words("Don't stop: it's a well-known rock’n’roll hit, isn’t it?")).toEqual([
      "Don't",
      'stop',
      "it's",
      'a',
      'well-known',
      'rock’n’roll',
      'hit',
      'isn’t',
      'it',
    ]);
    expect(words("The students' books and John's pen")).toEqual(['The', 'students', 'books', 'and', "John's", 'pen']);
  });

  it('covers every character once, in order, alternating words and gaps', () => {
    const text = '  "Hello," she said -- and left...\n\nThen 42 birds (twenty-one pairs) flew.';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.text).join('')).toBe(text);
    for (const [i, t] of tokens.entries()) {
      expect(text.slice(t.start, t.end)).toBe(t.text);
      if (i > 0) {
        expect(t.start).toBe(tokens[i - 1].end);
        expect(t.isWord && tokens[i - 1].isWord).toBe(false);
      }
    }
    expect(tokens[0]).toEqual({ text: '  "', isWord: false, start: 0, end: 3 });
  });

  it('treats numbers and punctuation as non-words, and dashes between words as gaps', () => {
    expect(words('In 1990, 3.5% of people—about 42—agreed')).toEqual(['In', 'of', 'people', 'about', 'agreed']);
    expect(tokenize('42').map((t) => t.isWord)).toEqual([false]);
    expect(words('COVID-19 cases')).toEqual(['COVID-19', 'cases']);
    expect(tokenize('')).toEqual([]);
  });

  it('reads accented letters as part of a word', () => {
    expect(words('a naïve café résumé')).toEqual(['a', 'naïve', 'café', 'résumé']);
  });
});

describe('sentences', () => {
  it('splits at . ! ? followed by a space, keeping closing quotes with their sentence', () => {
    expect(sentences('We sat on the bank of the river. "Is it deep?" she asked! Yes.')).toEqual([
      'We sat on the bank of the river. ',
      '"Is it deep?" she asked! ',
      'Yes.',
    ]);
  });

  it('does not split after abbreviations, initials, decimals or before lower case', () => {
    expect(sentences('Mr. Smith paid $3.50 at 9 a.m. today. J. K. Rowling wrote it, e.g. in cafés.')).toEqual([
      'Mr. Smith paid $3.50 at 9 a.m. today. ',
      'J. K. Rowling wrote it, e.g. in cafés.',
    ]);
    expect(sentences('Wait... what was that? Nothing.')).toEqual(['Wait... what was that? ', 'Nothing.']);
  });

  it('treats blank lines and lines starting like a sentence as breaks, but not hard wraps', () => {
    expect(sentences('The River Bank\nThe mole had been working\nvery hard all morning.\n\nthen he left')).toEqual([
      'The River Bank\n',
      'The mole had been working\nvery hard all morning.\n\n',
      'then he left',
    ]);
  });

  it('covers the whole text, and trailing whitespace stays with the last sentence', () => {
    const text = 'One. Two!  \n ';
    const ranges = sentenceRanges(text);
    expect(ranges[0].start).toBe(0);
    expect(ranges.at(-1)!.end).toBe(text.length);
    expect(sentences(text)).toEqual(['One. ', 'Two!  \n ']);
    expect(sentenceRanges('')).toEqual([]);
  });

  it('splits Chinese full stops without a following space', () => {
    expect(sentences('他走了。She left.')).toEqual(['他走了。', 'She left.']);
  });
});

describe('contextOf', () => {
  const text = 'I need money. She deposited her salary at the bank this morning. We sat on the bank of the river.';

  it('gives the rest of the word’s own sentence before and after it', () => {
    expect(contextOf(text, indexOf(text, 'bank', 0))).toEqual({
      pre_context: 'She deposited her salary at the ',
      target_word: 'bank',
      post_context: ' this morning.',
    });
    expect(contextOf(text, indexOf(text, 'bank', 1))).toEqual({
      pre_context: 'We sat on the ',
      target_word: 'bank',
      post_context: ' of the river.',
    });
  });

  it('handles the first and last words and squeezes line breaks into spaces', () => {
    const wrapped = 'The plane\n  took off\nlate.';
    expect(contextOf(wrapped, indexOf(wrapped, 'The'))).toEqual({
      pre_context: '',
      target_word: 'The',
      post_context: ' plane took off late.',
    });
    expect(contextOf(wrapped, indexOf(wrapped, 'late'))).toEqual({
      pre_context: 'The plane took off ',
      target_word: 'late',
      post_context: '.',
    });
  });

  it('refuses a token that is not a word', () => {
    expect(() => contextOf(text, 1)).toThrow(RangeError);
    expect(() => contextOf(text, 999)).toThrow(RangeError);
  });
});

describe('findWord', () => {
  const tokens = tokenize('The leaves fall. She leaves at noon. Don’t go.');

  it('finds the first occurrence regardless of case and apostrophe style', () => {
    expect(tokens[findWord(tokens, 'LEAVES')].start).toBe(4);
    expect(tokens[findWord(tokens, "don't")].text).toBe('Don’t');
    expect(findWord(tokens, 'tree')).toBe(-1);
    expect(findWord(tokens, '')).toBe(-1);
  });

  it('prefers the index-th word when it is the target (or no target is given)', () => {
    const second = findWord(tokens, 'leaves', 4);
    expect(tokens[second].text).toBe('leaves');
    expect(tokens[second].start).toBeGreaterThan(10);
    expect(tokens[findWord(tokens, null, 0)].text).toBe('The');
    // An index that points elsewhere or out of range falls back to the first occurrence.
    expect(tokens[findWord(tokens, 'leaves', 0)].start).toBe(4);
    expect(tokens[findWord(tokens, 'leaves', 99)].start).toBe(4);
  });
});

describe('lookUpWord', () => {
  afterEach(() => closeOverlays());

  it('opens the word translation overlay with the query as its payload', () => {
    const query = { pre_context: 'We sat on the ', post_context: ' of the river.', target_word: 'bank', from: 'ContextualDict' };
    lookUpWord(query);
    expect(overlayStore.snapshot().wordTranslation?.payload.query).toEqual(query);
  });

  it('refuses an empty word and opens nothing', () => {
    expect(() => lookUpWord({ pre_context: '', post_context: '', target_word: '', from: 'x' })).toThrow();
    expect(overlayStore.snapshot().wordTranslation).toBeUndefined();
    expect(() => lookUpWord({ target_word: 'x' } as WordQuery)).toThrow();
    expect(overlayStore.snapshot().wordTranslation).toBeUndefined();
  });

  it('keys queries by word, context and screen', () => {
    const a = { pre_context: 'a ', post_context: '', target_word: 'bank', from: 'ContextualDict' };
    expect(wordQueryKey(a)).toEqual(wordQueryKey({ ...a }));
    expect(wordQueryKey(a)).not.toEqual(wordQueryKey({ ...a, pre_context: 'the ' }));
  });
});
