import { describe, expect, it } from 'vitest';
import { genus, senseWords, stem } from './chinese-sense-words';
import type { Synset } from './wordnet';

describe('the English side of a sense', () => {
  it("reads a noun definition's genus, the kind of thing it names", () => {
    expect(genus('the act of deciding to do something')).toBe('act');
    expect(genus('a financial institution that accepts deposits')).toBe('institution');
    expect(genus('sloping land (especially the slope beside a body of water)')).toBe('land');
    expect(genus('permission to do something')).toBe('permission');
    expect(genus('(baseball) the act of throwing a baseball')).toBe('act');
    expect(genus('of or relating to the nation')).toBeUndefined();
  });

  it('stems English words crudely, enough to meet their other forms', () => {
    expect(stem('working')).toBe('work');
    expect(stem('lifted')).toBe('lift');
    expect(stem('studies')).toBe('study');
    expect(stem('ran')).toBe('ran');
  });

  it("weighs a sense's neighbours, definition and genus, never the word itself or its hyponyms", () => {
    const synset: Synset = {
      offset: 1,
      pos: 'n',
      type: 'n',
      lexFile: 0,
      words: [{ lemma: 'bank', lexId: 0 }],
      pointers: [],
      frames: [],
      definition: 'a financial institution that accepts deposits',
      examples: [],
    };
    const evidence: Map<string, number> & { narrower?: Set<string> } = new Map([
      ['banking company', 1],
      ['piggy bank', 0.7],
    ]);
    evidence.narrower = new Set(['piggy bank']);
    const words = senseWords('bank', synset, evidence);
    expect(words.self).toBe('bank');
    expect(words.phrases.get('banking company')).toBe(1);
    expect(words.phrases.get('institution')).toBe(0.5);
    expect(words.phrases.has('piggy bank')).toBe(false);
    // A phrase's words count less than the phrase; the word's own stem not at all.
    expect(words.stems.get('company')).toBe(0.6);
    expect(words.stems.has('bank')).toBe(false);
    expect(words.stems.get('deposit')).toBe(0.4);
  });
});
