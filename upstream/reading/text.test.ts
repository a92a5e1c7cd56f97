import { describe, expect, it } from 'vitest';
import { indexFormsOf, paragraphsOf, splitSentences, tokenize, wordCount, wordCounts } from './text';

describe('splitSentences', () => {
  it('ends sentences at . ! ? followed by a capital, keeping closing quotes with their sentence', () => {
    expect(splitSentences('Then he left! "Is it late?" she asked. "Yes." He nodded.')).toEqual([
      'Then he left!',
      '"Is it late?" she asked.',
      '"Yes."',
      'He nodded.',
    ]);
  });

  it('does not end a sentence after titles, initials, e.g., dotted abbreviations or inside numbers', () => {
    expect(
      splitSentences(
        'Mr. Smith paid 3.50 dollars to Dr. Brown. J. K. Rowling wrote it, e.g. the first book. ' +
          'The U.S. team won at 5 p.m. Sunday. It was No. 7 on the list.',
      ),
    ).toEqual([
      'Mr. Smith paid 3.50 dollars to Dr. Brown.',
      'J. K. Rowling wrote it, e.g. the first book.',
      'The U.S. team won at 5 p.m. Sunday.',
      'It was No. 7 on the list.',
    ]);
  });

  it('keeps going when the next word is lower case or a parenthesis opens on one', () => {
    expect(splitSentences("'I shall be late!' (when she thought it over) she ran. Next came the Queen.")).toEqual([
      "'I shall be late!' (when she thought it over) she ran.",
      'Next came the Queen.',
    ]);
  });

  it('joins hard-wrapped lines, keeps paragraphs and Markdown headings apart and drops Markdown marks', () => {
    const text =
      '# Passage One\n\nSome **bold** text\nwrapped on two lines. A [link](http://x.example) here\n\n- first item\n- second item';
    expect(paragraphsOf(text)).toEqual([
      'Passage One',
      'Some bold text wrapped on two lines. A link here',
      'first item',
      'second item',
    ]);
    expect(splitSentences(text)).toEqual([
      'Passage One',
      'Some bold text wrapped on two lines.',
      'A link here',
      'first item',
      'second item',
    ]);
  });

  it('splits after an ellipsis before a capital, and after Chinese full stops without spaces', () => {
    expect(splitSentences('He went away... And never came back.')).toEqual(['He went away...', 'And never came back.']);
    expect(splitSentences('他来了。她走了！Then silence.')).toEqual(['他来了。', '她走了！', 'Then silence.']);
  });
});

describe('tokens and the word index', () => {
  it('makes every word and every punctuation mark its own token, with its offset', () => {
    const sentence = `"Don't go," said Alice's waistcoat-pocket--in 3.14 seconds...`;
    const tokens = tokenize(sentence);
    expect(tokens.map((t) => t.text)).toEqual([
      '"',
      "Don't",
      'go',
      ',',
      '"',
      'said',
      "Alice's",
      'waistcoat-pocket',
      '--',
      'in',
      '3.14',
      'seconds',
      '...',
    ]);
    for (const t of tokens) expect(sentence.slice(t.start, t.start + t.text.length)).toBe(t.text);
    expect(tokens.filter((t) => t.isWord).map((t) => t.text)).toContain('3.14');
    expect(tokens.find((t) => t.text === '--')?.isWord).toBe(false);
    expect(wordCount(sentence)).toBe(8);
  });

  it('indexes lower-case forms, drops the possessive and indexes compounds whole and by part', () => {
    expect(indexFormsOf('Alice’s')).toEqual(['alice']);
    expect(indexFormsOf('Well-Known')).toEqual(['well-known', 'well', 'known']);
    expect(indexFormsOf('3.14')).toEqual([]);
    expect(wordCounts('The bank, the Bank and the river-bank.')).toEqual(
      new Map([
        ['the', 3],
        ['bank', 3],
        ['and', 1],
        ['river-bank', 1],
        ['river', 1],
      ]),
    );
  });
});
