import { describe, expect, it } from 'vitest';
import { type Token, tokenize } from './tokenizer';

/** Every word is its text's slice, in order, without overlap, never white space or empty. */
function checkOffsets(text: string, tokens: Token[]) {
  let at = 0;
  for (const [i, token] of tokens.entries()) {
    expect(token.end).toBeGreaterThan(token.start);
    expect(token.start).toBeGreaterThanOrEqual(at);
    expect(text.slice(token.start, token.end)).toBe(token.form);
    expect(/\s/.test(token.form)).toBe(false);
    const next = tokens[i + 1];
    expect(token.spaceAfter).toBe(next ? next.start > token.end : token.end < text.length);
    at = token.end;
  }
}

/** The words of a text joined by single spaces, its offsets checked. */
function words(text: string): string {
  const tokens = tokenize(text);
  checkOffsets(text, tokens);
  return tokens.map((t) => t.form).join(' ');
}

describe('tokenize: EWT conventions', () => {
  it('gives offsets and SpaceAfter as CoNLL-U has them', () => {
    expect(tokenize("I don't.")).toEqual([
      { form: 'I', start: 0, end: 1, spaceAfter: true },
      { form: 'do', start: 2, end: 4, spaceAfter: false },
      { form: "n't", start: 4, end: 7, spaceAfter: false },
      { form: '.', start: 7, end: 8, spaceAfter: false },
    ]);
    expect(tokenize('Hi. ').at(-1)).toEqual({ form: '.', start: 2, end: 3, spaceAfter: true });
  });

  it('splits punctuation, quotes and brackets off words', () => {
    expect(words('"Hello," she said.')).toBe('" Hello , " she said .');
    expect(words('(see [1]) {x}')).toBe('( see [ 1 ] ) { x }');
    expect(words('Hello,world; yes: no')).toBe('Hello , world ; yes : no');
    expect(words("''Quoted'' and ``this''")).toBe("'' Quoted '' and `` this ''");
    expect(words('‘’Should')).toBe('‘’ Should');
    expect(words('It costs $5.50 or 20%.')).toBe('It costs $ 5.50 or 20 % .');
  });

  it('keeps a run of marks as one word, stops apart from ! and ?', () => {
    expect(words('Wait...what?!')).toBe('Wait ... what ?!');
    expect(words('No way!!!')).toBe('No way !!!');
    expect(words('Really...?')).toBe('Really ... ?');
    expect(words('Really.?')).toBe('Really .?');
    expect(words('word--word *** ==')).toBe('word -- word *** ==');
    expect(words('<< MEH >>')).toBe('<< MEH >>');
  });

  it('splits the clitics off, straight and curly', () => {
    expect(words("I don't know.")).toBe("I do n't know .");
    expect(words("We're sure they'll've gone, I'd, I'm.")).toBe("We 're sure they 'll 've gone , I 'd , I 'm .");
    expect(words('It’s John’s dog, isn’t it?')).toBe('It ’s John ’s dog , is n’t it ?');
    expect(words("the company's story")).toBe("the company 's story");
    expect(words("DON'T")).toBe("DO N'T");
  });

  it('splits can’t, won’t, cannot, gonna and the apostrophe-less spellings as EWT does', () => {
    expect(words("I can't and won't.")).toBe("I ca n't and wo n't .");
    expect(words('You cannot go, gonna wanna gotta.')).toBe('You can not go , gon na wan na got ta .');
    expect(words('i dont know im sure')).toBe('i do nt know i m sure');
    expect(words('I dunno')).toBe('I du n no');
  });

  it('reads "lets" as "let s" only where it opens a sentence', () => {
    expect(words('Lets get together soon.')).toBe('Let s get together soon .');
    expect(words('"lets go"')).toBe('" let s go "');
    expect(words('Our boss lets the staff leave early.')).toBe('Our boss lets the staff leave early .');
  });

  it('reads "its" as "it s" only before a word the possessive cannot take', () => {
    expect(words('its not fair but its color is')).toBe('it s not fair but its color is');
    expect(words('Its a trap')).toBe('It s a trap');
  });

  it('splits a hyphenated compound in three, not after a bound prefix', () => {
    expect(words('a 15-year plan, self-driven cars')).toBe('a 15 - year plan , self - driven cars');
    expect(words('e-mail non-profit re-read co-workers mid-August')).toBe('e-mail non-profit re-read co-workers mid-August');
    expect(words('socio-political')).toBe('socio-political');
  });

  it('splits number ranges but keeps phone numbers and post codes whole', () => {
    expect(words('ages 5-10 and 1969-1970, 5:00-8:30')).toBe('ages 5 - 10 and 1969 - 1970 , 5:00 - 8:30');
    expect(words('call 713-853-3989 or 345-9945, TX 77042-2016')).toBe('call 713-853-3989 or 345-9945 , TX 77042-2016');
  });

  it('keeps numbers whole, and splits a unit or hour written on', () => {
    expect(words('3.30 on 11/28/2000 at 5:00, 200,000 and .5 and -2')).toBe('3.30 on 11/28/2000 at 5:00 , 200,000 and .5 and -2');
    expect(words('at 7:30PM for 35mm and 65k')).toBe('at 7:30 PM for 35 mm and 65 k');
    expect(words('the 3rd in the 90s, 86M')).toBe('the 3rd in the 90s , 86M');
    expect(words('ranked #1 @2.975 #audiobooks')).toBe('ranked # 1 @ 2.975 #audiobooks');
    expect(words("back in '72")).toBe("back in '72");
    expect(words('A+ work, 18+')).toBe('A + work , 18 +');
  });

  it('keeps URLs, e-mail addresses, file and domain names whole', () => {
    expect(words('Go to http://www.enron.com/a-b?x=1. Now.')).toBe('Go to http://www.enron.com/a-b?x=1 . Now .');
    expect(words('(www.google.com)')).toBe('( www.google.com )');
    expect(words('Mail jane.doe@enron.com, please')).toBe('Mail jane.doe@enron.com , please');
    expect(words('see ENRON.XLS and 20.doc on enron.com')).toBe('see ENRON.XLS and 20.doc on enron.com');
  });

  it('keeps abbreviations with their stop, but gives the last one’s stop to the sentence', () => {
    expect(words('Mr. Smith of the U.S. met Dr. Jones, e.g. at 3 p.m. today')).toBe(
      'Mr. Smith of the U.S. met Dr. Jones , e.g. at 3 p.m. today',
    );
    expect(words('George W. Bush of Enron Inc. and Co.')).toBe('George W. Bush of Enron Inc. and Co .');
    expect(words('taxes, etc.')).toBe('taxes , etc .');
    expect(words('in the U.S.')).toBe('in the U.S .');
    expect(words('Enron Inc..')).toBe('Enron Inc. .');
    expect(words('No. 5 is No.')).toBe('No. 5 is No .');
    expect(words('Yahoo! is here')).toBe('Yahoo! is here');
  });

  it('keeps emoticons whole, also when written onto a word', () => {
    expect(words('I love it :) ;-) ^_^ <3')).toBe('I love it :) ;-) ^_^ <3');
    expect(words('great:)')).toBe('great :)');
  });
});

describe('tokenize: odd input', () => {
  it('gives nothing for an empty text or one of white space only', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('   \t\n ')).toEqual([]);
  });

  it('keeps an emoji with its modifiers and joiners as one word of its own', () => {
    expect(words('great😀 and 👍🏽 and 👨‍👩‍👧!')).toBe('great 😀 and 👍🏽 and 👨‍👩‍👧 !');
    expect(words('ask♥')).toBe('ask ♥');
  });

  it('keeps a run of CJK characters apart from the Latin letters around it', () => {
    expect(words('我爱English很多。')).toBe('我爱 English 很多。');
    expect(words('"语境" is 2 words')).toBe('" 语境 " is 2 words');
  });

  it('reads NUL and other control characters as spaces', () => {
    expect(words('a\u0000b\u0007c\u001b')).toBe('a b c');
    expect(tokenize('a\u0000b')[0].spaceAfter).toBe(true);
    expect(words('\u0000\u0001\u0002')).toBe('');
  });

  it('keeps a 5,000-character word whole', () => {
    const long = 'a'.repeat(5000);
    expect(tokenize(`x ${long}.`).map((t) => t.form)).toEqual(['x', long, '.']);
  });

  it('never splits inside a surrogate pair and keeps offsets on any input', () => {
    const samples = [
      '😀'.repeat(300),
      `(${'x'.repeat(300)})`,
      "'''''''''",
      '\ud800 lone surrogate \udfff',
      '-'.repeat(250),
      'a-'.repeat(400),
      '@@@ ### $$$ %%%',
      '.a.b.c.d.e.f.g.h.i.',
      'Ünïcödé—dashes–and…ellipses',
      "n't 's 'll",
    ];
    for (const text of samples) {
      const tokens = tokenize(text);
      checkOffsets(text, tokens);
      for (const t of tokens) {
        expect(/^[\udc00-\udfff]/.test(t.form) && /[\ud800-\udbff]$/.test(text.slice(0, t.start))).toBe(false);
      }
    }
  });

  it('finishes on 100,000 characters of punctuation runs and long pieces', () => {
    const texts = [
      ')'.repeat(100_000),
      '(!?.,;:-'.repeat(12_500),
      `a${')'.repeat(199)} `.repeat(500),
      '((a)) '.repeat(16_000),
      `http://x.com/${'a-'.repeat(50_000)}`,
    ];
    for (const text of texts) {
      const tokens = tokenize(text);
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((t) => text.slice(t.start, t.end) === t.form)).toBe(true);
    }
  });
});
