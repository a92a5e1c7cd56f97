import { describe, expect, it } from 'vitest';
import { MAX_SEGMENT_CHARS, splitSegments } from './segments';

const texts = (text: string, max?: number) => splitSegments(text, max).map((s) => s.text);

describe('splitSegments', () => {
  it('splits sentences at . ! ? and numbers them from 0', () => {
    expect(splitSegments('I came. I saw! Did I win? Yes.')).toEqual([
      { index: 0, text: 'I came.' },
      { index: 1, text: 'I saw!' },
      { index: 2, text: 'Did I win?' },
      { index: 3, text: 'Yes.' },
    ]);
  });

  it('keeps titles, Latin abbreviations, initials and decimals inside the sentence', () => {
    expect(texts('Mr. Smith met Dr. Brown at 3.5 p.m. on Jan. 5. They talked.')).toEqual([
      'Mr. Smith met Dr. Brown at 3.5 p.m. on Jan. 5.',
      'They talked.',
    ]);
    expect(texts('Bring fruit, e.g. apples, i.e. something sweet. J. K. Rowling wrote it.')).toEqual([
      'Bring fruit, e.g. apples, i.e. something sweet.',
      'J. K. Rowling wrote it.',
    ]);
    expect(texts('See No. 5 on the list. It costs $3.99 in the U.S. today.')).toEqual([
      'See No. 5 on the list.',
      'It costs $3.99 in the U.S. today.',
    ]);
  });

  it('ends a sentence after etc. only before a capital', () => {
    expect(texts('We bought pens, paper, etc. and went home. We bought pens, etc. Then we left.')).toEqual([
      'We bought pens, paper, etc. and went home.',
      'We bought pens, etc.',
      'Then we left.',
    ]);
  });

  it('keeps closing quotes with their sentence and does not split before a lower-case word', () => {
    expect(texts('He said, "Stop." Then he left. "Why?" she asked. \'Fine!\' Okay.')).toEqual([
      'He said, "Stop."',
      'Then he left.',
      '"Why?" she asked.',
      "'Fine!'",
      'Okay.',
    ]);
    expect(texts('He asked “Really?” She nodded.')).toEqual(['He asked “Really?”', 'She nodded.']);
  });

  it('treats an ellipsis as an end only before a capital', () => {
    expect(texts('Wait... what happened? Well… Nothing.')).toEqual(['Wait... what happened?', 'Well…', 'Nothing.']);
    expect(texts('Really?! Yes!!')).toEqual(['Really?!', 'Yes!!']);
  });

  it('splits Chinese punctuation with no space after it, and every line on its own', () => {
    expect(texts('你好。我很好！你呢？「好的。」')).toEqual(['你好。', '我很好！', '你呢？', '「好的。」']);
    expect(texts('Chapter One\nIt was cold.\r\n\r\nThe end')).toEqual(['Chapter One', 'It was cold.', 'The end']);
    // A hard-wrapped line that goes on in lower case is the same sentence, read in one go.
    expect(texts('The mole had been working\nvery hard all morning.')).toEqual([
      'The mole had been working very hard all morning.',
    ]);
  });

  it('drops empty and punctuation-only pieces and collapses white space', () => {
    expect(splitSegments('  \n ... \n !!! ')).toEqual([]);
    expect(texts('One   two\tthree.  ...  Four.')).toEqual(['One two three.', 'Four.']);
  });

  it('cuts a sentence that is too long at clause marks, then between words', () => {
    const clause = 'the quick brown fox jumps over the lazy dog';
    const long = `${clause}, ${clause}; ${clause}: ${clause}, ${clause}.`;
    const parts = texts(long, 100);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 100)).toBe(true);
    expect(parts[0]).toBe(`${clause}, ${clause};`);
    expect(parts.join(' ')).toBe(long);

    const noMarks = Array.from({ length: 80 }, () => 'word').join(' ');
    const pieces = texts(noMarks, 50);
    expect(pieces.every((p) => p.length <= 50)).toBe(true);
    expect(pieces.join(' ')).toBe(noMarks);

    const chinese = '汉'.repeat(MAX_SEGMENT_CHARS * 2 + 10);
    expect(texts(chinese).map((p) => p.length)).toEqual([MAX_SEGMENT_CHARS, MAX_SEGMENT_CHARS, 10]);
  });
});
