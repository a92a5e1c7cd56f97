import { describe, expect, it } from 'vitest';
import { createEngineContext } from './engine-data';
import { expressionItem, phraseGlosses } from './phrase-glosses';
import { tagContext } from './tagger';

const d = createEngineContext().open();

/** "The plane [took off] at noon." → the sentence tagged, the target marked. */
function tagged(marked: string) {
  const m = /^(.*)\[(.*)\](.*)$/.exec(marked)!;
  return tagContext(m[1], m[2], m[3]);
}

describe('the glosses of an expression the target is part of', () => {
  it("ranks WordNet's senses of the expression, titled with it", () => {
    const sentence = tagged('The plane [took] off.');
    const features = d.ranker.features(sentence.tokens, sentence.target);
    const glosses = phraseGlosses({ title: 'take off', wordnet: 'take_off' }, features, d, {}, 'take off');
    const keys = new Set(d.wordnet.senses('take_off').map((s) => s.key));
    expect(glosses.length).toBe(keys.size);
    for (const g of glosses) {
      expect(keys.has(String(g.gloss.sense_id))).toBe(true);
      expect(g.gloss.phrase_title).toBe('take off');
    }
    expect(glosses.map((g) => g.score)).toEqual([...glosses.map((g) => g.score)].sort((a, b) => b - a));
  });

  it("gives an expression only ECDICT has its lines, in ECDICT's order", () => {
    const sentence = tagged('[In] spite of the rain, we went out.');
    const features = d.ranker.features(sentence.tokens, sentence.target);
    const glosses = phraseGlosses({ title: 'in spite of', ecdict: 'in spite of' }, features, d, {}, 'in spite of');
    expect(glosses[0]).toMatchObject({
      score: -0,
      gloss: { sense_id: 'ecdict:in_spite_of:phr.:1', phrase_title: 'in spite of' },
    });
    expect(glosses[0].gloss.sense.second).toContain('不管');
    expect(phraseGlosses({ title: 'qzxv wxqz' }, features, d, {})).toEqual([]);
  });
});

describe('a target of several words', () => {
  it('is looked up as an expression, its glosses up to the most an item shows', () => {
    const item = expressionItem('take off', tagged('The plane [took off] at noon.'), d, 3)!;
    expect(item.lemma).toBe('take off');
    expect(item.key).toBe('take off');
    expect(item.gloss).toHaveLength(3);
    expect(item.gloss[0].sense_id).toMatch(/^take_off%2/);
    expect(item.gloss[0].phonetic_symbol).toBeDefined();
  });

  it('is nothing where neither dictionary has it as one', () => {
    expect(expressionItem('qzxv wxqz', tagged('I saw [qzxv wxqz] today.'), d, 80)).toBeUndefined();
    expect(expressionItem('grey cats', tagged('The [grey cats] slept.'), d, 80)).toBeUndefined();
  });
});
