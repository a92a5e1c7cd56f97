import { describe, expect, it } from 'vitest';
import { ecdictDefinition, ecdictGlosses, tagFits } from './ecdict-glosses';
import { createEngineContext } from './engine-data';

const d = createEngineContext().open();

describe("ECDICT's English definition for a part of speech", () => {
  it('takes the first line of the same part of speech, continuation lines joined', () => {
    const definition = 'n. a sloping\n   piece of land\nv. i. See Thee.\nprep. In a general sense';
    expect(ecdictDefinition(definition, 'n.')).toBe('a sloping piece of land');
    expect(ecdictDefinition(definition, 'prep.')).toBe('In a general sense');
    expect(ecdictDefinition(definition, 'adj.')).toBeUndefined();
  });

  it("reads Webster's articles and cuts a long definition at a word", () => {
    expect(ecdictDefinition('definite article. A word placed before nouns', 'art.')).toBe('A word placed before nouns');
    const long = ecdictDefinition(`n. ${'word '.repeat(80)}`, 'n.')!;
    expect(long.length).toBeLessThanOrEqual(238);
    expect(long).toMatch(/word…$/);
  });
});

describe("glosses from ECDICT's lines", () => {
  it('gives a word WordNet lacks its lines, with ids that count the lines of a label', () => {
    const the = ecdictGlosses('the', {}, d, () => true);
    expect(the[0].label).toBe('art.');
    expect(the[0].gloss).toMatchObject({ pos: { label: 'art.' }, sense_id: 'ecdict:the:art.:1', examples: [] });
    expect(the[0].gloss.sense.first).toMatch(/^A word placed before nouns/);
    expect(the[0].gloss.sense.second).toMatch(/[\u4e00-\u9fff]/);
    const of = ecdictGlosses('of', {}, d, () => true);
    expect(of[0].gloss.sense.first).toMatch(/^In a general sense/);
  });

  it('keeps only the lines asked for, and titles them with the expression', () => {
    const run = ecdictGlosses('run', {}, d, (pos) => pos === 'a');
    expect(run.map((g) => g.gloss.sense_id)).toEqual(['ecdict:run:adj.:1']);
    const spite = ecdictGlosses('in spite of', {}, d, () => true, 'in spite of');
    expect(spite[0].gloss).toMatchObject({ sense_id: 'ecdict:in_spite_of:phr.:1', phrase_title: 'in spite of' });
    expect(ecdictGlosses('qzxv', {}, d, () => true)).toEqual([]);
  });
});

describe("whether the tagger's reading fits a closed-class line", () => {
  it('matches the label of the tag, and the labels a determiner, auxiliary or verb may have', () => {
    expect(tagFits('ADP', 'prep.')).toBe(true);
    expect(tagFits('DET', 'art.')).toBe(true);
    expect(tagFits('DET', 'pron.')).toBe(true);
    expect(tagFits('AUX', 'vt.')).toBe(true);
    expect(tagFits('ADP', 'n.')).toBe(false);
    expect(tagFits(undefined, 'prep.')).toBe(false);
  });
});
