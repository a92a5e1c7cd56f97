import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { tokenize } from '@/lib/client/word-lookup';
import { sentenceElements } from './article-sentences';
import { sentenceLookup, wordsAtOffset } from './article-words';

describe('the word at a caret offset', () => {
  const sentence = 'Alice was beginning to get very tired.';
  const tokens = tokenize(sentence);
  const word = (i: number) => tokens[i].text;

  it('is the word the offset is inside, then the words whose edge it is on', () => {
    expect(wordsAtOffset(tokens, 2).map(word)).toEqual(['Alice']);
    // Between "Alice" and "was": after the one, and (past the space) before the other.
    expect(wordsAtOffset(tokens, 5).map(word)).toEqual(['Alice']);
    expect(wordsAtOffset(tokens, 6).map(word)).toEqual(['was']);
    expect(wordsAtOffset(tokens, sentence.length).map(word)).toEqual([]);
    expect(wordsAtOffset(tokens, sentence.length - 1).map(word)).toEqual(['tired']);
  });

  it('never names punctuation or numbers', () => {
    const t = tokenize('In 1865, “Alice”!');
    expect(wordsAtOffset(t, 4).map((i) => t[i].text)).toEqual([]);
    expect(wordsAtOffset(t, 10).map((i) => t[i].text)).toEqual(['Alice']);
  });
});

describe('a lookup in a sentence', () => {
  it('has the whole sentence as its context, even where the sentence rules would split it', () => {
    // The library kept "Mr. Rabbit" in one sentence; the lookup must not cut it at "Mr.".
    const sentence = 'Mr. Rabbit ran past   the tree.';
    const tokens = tokenize(sentence);
    const index = tokens.findIndex((t) => t.text === 'past');
    expect(sentenceLookup(sentence, tokens, index)).toEqual({
      pre_context: 'Mr. Rabbit ran ',
      target_word: 'past',
      post_context: ' the tree.',
    });
  });
});

describe('the sentences of a page', () => {
  it('are the spans with a sentence id, in reading order', () => {
    const { document } = parseHTML(
      '<div><p><span id="s-7">One.</span> <span id="s-8">Two.</span></p><p><span id="s-9">Three.</span></p></div>',
    );
    expect(sentenceElements(document).map((s) => s.id)).toEqual(['s-7', 's-8', 's-9']);
  });
});
