import { describe, expect, it } from 'vitest';
import { createEngineContext } from './engine-data';
import { ownExamples, phonetic, posField, senseGloss } from './sense-gloss';
import { tagContext } from './tagger';

const d = createEngineContext().open();

/** The senses of `lemma` as the ranker gives them for a sentence that says nothing of them. */
function sensesOf(lemma: string) {
  const tagged = tagContext('', lemma, '');
  return d.ranker.rank(d.wordnet.senses(lemma), d.ranker.features(tagged.tokens, tagged.target));
}

describe('a WordNet sense as a gloss', () => {
  it('has the definition, the Chinese of the sense, the part of speech, the key and the examples', () => {
    const river = sensesOf('bank').find((s) => s.sense.key === 'bank%1:17:01::')!;
    const phon = phonetic('bank', d);
    const gloss = senseGloss(river, 'bank', phon, d);
    expect(gloss.sense.first).toBe('sloping land (especially the slope beside a body of water)');
    expect(gloss.sense.second).toMatch(/岸|堤/);
    expect(gloss.simple_sense).toMatch(/岸|堤/);
    expect(gloss.pos).toEqual({ name: posField('n.').name, label: 'n.' });
    expect(gloss.sense_id).toBe('bank%1:17:01::');
    expect(gloss.phonetic_symbol).toBe(phon);
    expect(gloss.s_c).toBe(0);
    expect(gloss.examples?.map((e) => e.first)).toContain('they pulled the canoe up on the bank');
    expect(gloss.phrase_title).toBeUndefined();
    expect(senseGloss(river, 'bank', phon, d, 'river bank').phrase_title).toBe('river bank');
  });

  it("gives a number in digits the Chinese of its synset's word in letters", () => {
    const cardinal = sensesOf('29').find((s) => s.sense.key === '29%5:00:00:cardinal:00')!;
    expect(senseGloss(cardinal, '29', {}, d).sense.second).toBe('二十九');
  });
});

describe("a synset's examples of one of its words", () => {
  it('keeps only the examples that use the word, in any of its forms', () => {
    let dropped = 0;
    for (const s of sensesOf('move')) {
      const own = ownExamples(s, d);
      dropped += s.synset.examples.length - own.length;
      for (const example of own) expect(example, s.sense.key).toMatch(/\bmov(e|es|ed|ing)\b/i);
    }
    expect(dropped).toBeGreaterThan(0);
  });

  it('keeps all the examples of a synset of one word', () => {
    const lone = sensesOf('bank').find((s) => s.synset.words.length === 1 && s.synset.examples.length > 0)!;
    expect(ownExamples(lone, d)).toEqual(lone.synset.examples);
  });
});

describe('the fields every gloss carries', () => {
  it('names a part of speech in Chinese, or keeps a label pos.ts does not know', () => {
    expect(posField('n.').label).toBe('n.');
    expect(posField('n.').name).toMatch(/[\u4e00-\u9fff]/);
    expect(posField('zz.')).toEqual({ name: 'zz.', label: 'zz.' });
  });

  it('gives British IPA from ECDICT and American from CMU, where known', () => {
    expect(phonetic('bank', d)).toEqual({ first: 'bæŋk', second: 'bæŋk' });
    expect(phonetic('qzxv', d)).toEqual({});
  });
});
