import { describe, expect, it } from 'vitest';
import { openLexicalData } from '../dictionary/engine';
import { loadTreeParser } from '../language/pipeline';
import { createPassageReader, lemmasIn } from './passage';

const trees = loadTreeParser();

const passage = [
  'She looked forward to the trip.  In spite of the rain, they took off early.',
  '',
  'He took his coat off and sat down. The committee abandoned the ambiguous proposal.',
].join('\n');

// The trained tagger reads the passage; wink does when its models cannot be read.
describe.each([
  ['the trained tagger', trees],
  ['wink', null],
])('passage parsing with %s', (_, tagger) => {
  const reader = createPassageReader(() => openLexicalData(), tagger);
  const parsed = reader.read(passage, { phrases: true });

  it('has the tagger it is given', () => {
    if (_ === 'the trained tagger') expect(trees).not.toBeNull();
  });

  it('splits the passage into the shared sentences, with offsets into the text as sent', () => {
    expect(parsed.sentences.map((s) => s.text)).toEqual([
      'She looked forward to the trip.',
      'In spite of the rain, they took off early.',
      'He took his coat off and sat down.',
      'The committee abandoned the ambiguous proposal.',
    ]);
    for (const sentence of parsed.sentences) {
      expect(passage.slice(sentence.start, sentence.end)).toBe(sentence.text);
      for (const token of sentence.tokens) expect(passage.slice(token.start, token.end)).toBe(token.text);
    }
    expect(parsed.word_count).toBe(6 + 9 + 8 + 6);
  });

  it('gives each word its lemma and part of speech in context, punctuation only its tag', () => {
    const tokens = parsed.sentences.flatMap((s) => s.tokens);
    const word = (text: string) => tokens.find((t) => t.text === text);
    expect(word('looked')).toMatchObject({ lemma: 'look', pos: 'VERB', pos_label: 'v.', is_word: true });
    expect(word('took')).toMatchObject({ lemma: 'take', pos: 'VERB' });
    expect(word('sat')).toMatchObject({ lemma: 'sit' });
    expect(word('committee')).toMatchObject({ lemma: 'committee', pos: 'NOUN', pos_label: 'n.' });
    expect(word('.')).toEqual({ text: '.', start: expect.any(Number), end: expect.any(Number), is_word: false, pos: 'PUNCT' });
  });

  it('gives exam tags, frequency band and word level by the library’s rule', () => {
    const tokens = parsed.sentences.flatMap((s) => s.tokens);
    const ambiguous = tokens.find((t) => t.text === 'ambiguous');
    expect(ambiguous?.exams).toEqual(expect.arrayContaining(['cet6', 'ky']));
    expect(ambiguous?.exams).not.toContain('zk');
    // The lower of its easiest exam's level and its band.
    expect(ambiguous?.level).toBe(Math.min(ambiguous?.exams?.includes('gk') ? 2 : 3, ambiguous?.band ?? 6));
    const the = tokens.find((t) => t.text === 'the');
    expect(the).toMatchObject({ band: 1, level: 1 });
    expect(the?.exams).toContain('zk');
    // A harder word sits in a rarer band than an everyday one.
    expect(ambiguous?.band ?? 6).toBeGreaterThan(the?.band ?? 1);
  });

  it('finds the expressions, without nesting, the split phrasal verb included', () => {
    expect(parsed.phrases.map((p) => [p.phrase, p.sentence, passage.slice(p.start, p.end)])).toEqual([
      ['look forward to', 0, 'looked forward to'],
      ['in spite of', 1, 'In spite of'],
      ['take off', 1, 'took off'],
      ['take off', 2, 'took his coat off'],
      ['sit down', 2, 'sat down'],
    ]);
    const split = parsed.phrases[3];
    expect(split.tokens.map((i) => parsed.sentences[2].tokens[i].text)).toEqual(['took', 'off']);
    expect(parsed.phrases[0].zh).toMatch(/\p{Script=Han}/u);
  });

  it('does not take chance pairings of running text for expressions', () => {
    const found = reader.read('I bought it two weeks ago, and every year the hill is well kept.', { phrases: true });
    expect(found.phrases.map((p) => p.phrase)).toEqual([]);
    const kept = reader.read('The number of students fell asleep at once.', { phrases: true });
    expect(kept.phrases.map((p) => p.phrase)).toEqual(['the number of', 'fall asleep', 'at once']);
  });

  it('leaves phrases out when they are not asked for', () => {
    const plain = reader.read(passage, { phrases: false });
    expect(plain.phrases).toEqual([]);
    expect(plain.sentences).toEqual(parsed.sentences);
  });

  it('lists the lemmas for reading the learner’s marks; names carry no exam facts', () => {
    const named = reader.read('Alice met Bob in London.', { phrases: false });
    const alice = named.sentences[0].tokens[0];
    expect(alice.pos).toBe('PROPN');
    expect(alice.exams).toEqual([]);
    expect(alice.level).toBeUndefined();
    expect(lemmasIn(parsed)).toEqual(expect.arrayContaining(['look', 'take', 'committee', 'proposal']));
  });
});
