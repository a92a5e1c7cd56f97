import { describe, expect, it } from 'vitest';
import { contextSentence, tag, tagContext, wnPosOfTag } from './tagger';

describe('the target and its sentence', () => {
  it('takes the last sentence before the target and the first after it', () => {
    const s = contextSentence('It rained. We sat on the ', 'bank', ' of the river. Then we left.');
    expect(s.text).toBe('We sat on the bank of the river.');
    expect(s.text.slice(s.start, s.end)).toBe('bank');
  });

  it('does not end the sentence at an abbreviation or an initial', () => {
    expect(contextSentence("They oppose the champions in tomorrow's 8 P.M. ", 'contest', '. Next.').text).toBe(
      "They oppose the champions in tomorrow's 8 P.M. contest.",
    );
    expect(contextSentence('It rained. Then Mr. ', 'Guthrie', ' left.').text).toBe('Then Mr. Guthrie left.');
    expect(contextSentence('The letter from J. K. ', 'Rowling', ' came.').text).toBe('The letter from J. K. Rowling came.');
    // A hard-wrapped line goes on in lower case.
    expect(contextSentence('She sat on the\n', 'bank', ' of the river.').text).toBe('She sat on the\nbank of the river.');
  });

  it('treats line breaks and full-width stops as sentence ends', () => {
    expect(contextSentence('Title\nShe ', 'leaves', ' at noon。下一句').text).toBe('She leaves at noon。');
    expect(contextSentence('', 'Bank', '').text).toBe('Bank');
  });

  it('separates the word from contexts sent without the spaces around it', () => {
    const s = contextSentence('The committee decided to', 'table', 'the proposal.');
    expect(s.text).toBe('The committee decided to table the proposal.');
    expect(s.text.slice(s.start, s.end)).toBe('table');
    // Punctuation that touches the word stays where it is.
    expect(contextSentence('(', 'bank', ').').text).toBe('(bank).');
  });

  it('bounds very long contexts', () => {
    const long = 'word '.repeat(5000);
    const s = contextSentence(long, 'bank', long);
    expect(s.text.length).toBeLessThan(1300);
    expect(s.text.slice(s.start, s.end)).toBe('bank');
  });

  it('tags the target in context with offsets into the sentence', () => {
    const noun = tagContext('The ', 'leaves', ' fell from the tree.');
    const verb = tagContext('She ', 'leaves', ' at noon.');
    expect(noun.tokens[noun.target[0]].pos).toBe('NOUN');
    expect(verb.tokens[verb.target[0]].pos).toBe('VERB');
    expect(noun.tokens[noun.target[0]].lemma).toBe('leaf');
    const t = noun.tokens[noun.target[0]];
    expect(noun.text.slice(t.start, t.end)).toBe('leaves');
  });

  it('reads a word after an article or possessive as a noun', () => {
    const s = tagContext('Every autumn the old maple drops its ', 'leaves', ' on our roof.');
    expect(s.tokens[s.target[0]].pos).toBe('NOUN');
    expect(tag('I saw her leave.').find((t) => t.lower === 'leave')?.pos).toBe('VERB');
  });

  it('finds a target the tokenizer splits', () => {
    const s = tagContext('I ', "don't", ' know.');
    expect(s.target.map((i) => s.tokens[i].text).join('')).toBe("don't");
  });

  it('maps tags to WordNet parts of speech', () => {
    expect(tag('The dog runs quickly.').map((t) => wnPosOfTag(t.pos))).toEqual(['x', 'n', 'v', 'r', 'x']);
  });
});
