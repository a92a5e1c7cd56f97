import { describe, expect, it } from 'vitest';
import { coverText, sentenceHolding, sentenceRanges, splitSentences } from './sentences';

describe('splitSentences', () => {
  it('ends sentences at . ! ? before a capital, keeping closing quotes with their sentence', () => {
    expect(splitSentences('Then he left! "Is it late?" she asked. "Yes." He nodded.')).toEqual([
      'Then he left!',
      '"Is it late?" she asked.',
      '"Yes."',
      'He nodded.',
    ]);
    expect(splitSentences('He said, "Stop." Then he left. \'Fine!\' Okay.')).toEqual([
      'He said, "Stop."',
      'Then he left.',
      "'Fine!'",
      'Okay.',
    ]);
    expect(splitSentences('He asked “Really?” She nodded. Really?! Yes!!')).toEqual([
      'He asked “Really?”',
      'She nodded.',
      'Really?!',
      'Yes!!',
    ]);
  });

  it('does not end a sentence after titles, initials, Latin abbreviations, months or inside numbers', () => {
    expect(
      splitSentences(
        'Mr. Smith paid 3.50 dollars to Dr. Brown. J. K. Rowling wrote it, e.g. the first book. ' +
          'Bring fruit, i.e. something sweet. We met on Jan. 5. They talked. See No. 5 on the list. It is $3.99.',
      ),
    ).toEqual([
      'Mr. Smith paid 3.50 dollars to Dr. Brown.',
      'J. K. Rowling wrote it, e.g. the first book.',
      'Bring fruit, i.e. something sweet.',
      'We met on Jan. 5.',
      'They talked.',
      'See No. 5 on the list.',
      'It is $3.99.',
    ]);
    expect(splitSentences('Prof. Lee met Gov. Park. Fine.')).toEqual(['Prof. Lee met Gov. Park.', 'Fine.']);
  });

  it('ends a sentence after "no." when no number follows', () => {
    expect(splitSentences('She said no. Then she left.')).toEqual(['She said no.', 'Then she left.']);
  });

  it('ends a sentence after etc. only before a capital', () => {
    expect(splitSentences('We bought pens, paper, etc. and went home. We bought pens, etc. Then we left.')).toEqual([
      'We bought pens, paper, etc. and went home.',
      'We bought pens, etc.',
      'Then we left.',
    ]);
  });

  it('ends a sentence after a dotted abbreviation only before a word that opens sentences', () => {
    expect(splitSentences('The U.S. team won at 5 p.m. Sunday. It was late.')).toEqual([
      'The U.S. team won at 5 p.m. Sunday.',
      'It was late.',
    ]);
    expect(splitSentences('She joined the U.S. Army. We left at 5 p.m. Then it rained.')).toEqual([
      'She joined the U.S. Army.',
      'We left at 5 p.m.',
      'Then it rained.',
    ]);
  });

  it('goes on when the next word is lower case, even after an opening quote or bracket', () => {
    expect(splitSentences("'I shall be late!' (when she thought it over) she ran. Next came the Queen.")).toEqual([
      "'I shall be late!' (when she thought it over) she ran.",
      'Next came the Queen.',
    ]);
    expect(splitSentences('Wait... what happened? Well… Nothing.')).toEqual(['Wait... what happened?', 'Well…', 'Nothing.']);
  });

  it('ends a sentence at an ellipsis before a capital', () => {
    expect(splitSentences('He went away... And never came back.')).toEqual(['He went away...', 'And never came back.']);
  });

  it('needs white space after a Latin stop, none after a Chinese one', () => {
    expect(splitSentences('See example.com now. Version 3.5.Next')).toEqual(['See example.com now.', 'Version 3.5.Next']);
    expect(splitSentences('他来了。她走了！Then silence.')).toEqual(['他来了。', '她走了！', 'Then silence.']);
    expect(splitSentences('你好。我很好！你呢？「好的。」')).toEqual(['你好。', '我很好！', '你呢？', '「好的。」']);
    expect(splitSentences('他走了。 she left.')).toEqual(['他走了。', 'she left.']);
  });

  it('ends a sentence that is followed by another script', () => {
    expect(splitSentences('It is late. 我们走吧。')).toEqual(['It is late.', '我们走吧。']);
  });

  it('treats blank lines and lines that do not go on in lower case as breaks, but not hard wraps', () => {
    expect(splitSentences('The River Bank\nThe mole had been working\nvery hard all morning.\n\nthen he left')).toEqual([
      'The River Bank',
      'The mole had been working\nvery hard all morning.',
      'then he left',
    ]);
    expect(splitSentences('Chapter One\r\nIt was cold.\r\n\r\nThe end\u2028- a list item')).toEqual([
      'Chapter One',
      'It was cold.',
      'The end',
      '- a list item',
    ]);
  });

  it('drops white space and gives nothing for an empty text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('  \n\t ')).toEqual([]);
    expect(splitSentences('  One. \n Two!  \n ')).toEqual(['One.', 'Two!']);
  });
});

describe('sentenceRanges', () => {
  it('gives offsets into the original text, trimmed of white space', () => {
    const text = '  Hello there.   "Yes!" she said.\n\nBye ';
    const ranges = sentenceRanges(text);
    expect(ranges).toEqual([
      { start: 2, end: 14 },
      { start: 17, end: 33 },
      { start: 35, end: 38 },
    ]);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(['Hello there.', '"Yes!" she said.', 'Bye']);
  });

  it('covers the whole text with coverText, white space going to the sentence before', () => {
    const text = ' One. Two!  \n ';
    const covering = coverText(text, sentenceRanges(text));
    expect(covering).toEqual([
      { start: 0, end: 6 },
      { start: 6, end: text.length },
    ]);
    expect(coverText('', sentenceRanges(''))).toEqual([]);
  });
});

describe('sentenceHolding', () => {
  const text = 'It rained. We met Mr. Guthrie at the bank. Then we left.';
  const at = (word: string) => {
    const from = text.indexOf(word);
    const r = sentenceHolding(text, from, from + word.length);
    return text.slice(r.start, r.end);
  };

  it('is the sentence the word is in, an abbreviation inside it', () => {
    expect(at('Guthrie')).toBe('We met Mr. Guthrie at the bank.');
    expect(at('left')).toBe('Then we left.');
  });

  it('joins the sentences a span with a stop of its own touches, and is the span where it touches none', () => {
    expect(at('bank. Then')).toBe('We met Mr. Guthrie at the bank. Then we left.');
    expect(sentenceHolding('Go.  Now', 4, 4)).toEqual({ start: 4, end: 4 });
  });
});
