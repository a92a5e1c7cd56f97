import { describe, expect, it } from 'vitest';
import { openWordNet, parseDataLine, splitGloss, wnLemma } from './wordnet';

const wordnet = openWordNet();

describe('WordNet 3.1 from its files', () => {
  it('finds every sense of a lemma in index.sense, with keys, offsets, numbers and tag counts', () => {
    const senses = wordnet.senses('bank');
    expect(senses).toHaveLength(18);
    const river = senses.find((s) => s.key === 'bank%1:17:01::');
    expect(river).toMatchObject({ pos: 'n', type: 'n', offset: 9236472, senseNumber: 1, tagCount: 25 });
    // Nouns first, then verbs, each by sense number.
    expect(senses.map((s) => s.pos).join('')).toMatch(/^n+v+$/);
    expect(senses.filter((s) => s.pos === 'v').map((s) => s.senseNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('is case- and space-insensitive and does not run into neighbouring lemmas', () => {
    expect(wordnet.senses('Take Off').every((s) => s.lemma === 'take_off')).toBe(true);
    expect(wordnet.senses('take off').length).toBeGreaterThan(5);
    // "bank" must not pick up "bank_account" or "bankbook".
    expect(wordnet.senses('bank').every((s) => s.key.startsWith('bank%'))).toBe(true);
    expect(wordnet.senses('qzxv')).toEqual([]);
    expect(wordnet.senses('')).toEqual([]);
    expect(wordnet.has('leaf', 'n')).toBe(true);
    expect(wordnet.has('leaf', 'r')).toBe(false);
    expect(wordnet.has('the')).toBe(false);
  });

  it('satellite adjectives keep their head in the key and live in data.adj', () => {
    const s = wordnet.senses('good').find((x) => x.type === 's');
    expect(s?.key).toMatch(/^good%5:00:\d\d:[a-z_]+:\d\d$/);
    expect(s?.pos).toBe('a');
    expect(wordnet.synset('a', s!.offset).type).toBe('s');
  });

  it('reads a synset at its byte offset: words, pointers, definition and examples', () => {
    const s = wordnet.synset('n', 8437235);
    expect(s.words.map((w) => w.lemma)).toContain('depository_financial_institution');
    expect(s.definition).toBe('a financial institution that accepts deposits and channels the money into lending activities');
    expect(s.examples).toEqual(['he cashed a check at the bank', 'that bank holds the mortgage on my home']);
    expect(s.pointers.some((p) => p.symbol === '@')).toBe(true);
    expect(wordnet.brief('n', 8437235).words).toEqual(s.words.map((w) => w.lemma));
  });

  it('parses verb frames', () => {
    const leave = wordnet.senses('leave').find((s) => s.key === 'leave%2:38:01::')!;
    const s = wordnet.synset('v', leave.offset);
    expect(s.frames.map((f) => f.frame)).toEqual([1, 2]);
  });

  it('splits glosses into definition and quoted examples', () => {
    expect(splitGloss('go away; "leave now"; "she left" - Smith')).toEqual({
      definition: 'go away',
      examples: ['leave now', 'she left'],
    });
    const line = parseDataLine(
      '00001740 03 n 01 entity 0 003 ~ 00001930 n 0000 ~ 00002137 n 0000 ~ 04431553 n 0000 | that which is perceived  ',
    );
    expect(line).toMatchObject({ offset: 1740, type: 'n', definition: 'that which is perceived', examples: [] });
    expect(wnLemma(' Look  Forward ')).toBe('look_forward');
  });

  it('walks a whole file', () => {
    let count = 0;
    wordnet.forEachSynset('r', () => count++);
    expect(count).toBeGreaterThan(3000);
  });
});
