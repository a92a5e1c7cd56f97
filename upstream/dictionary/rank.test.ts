import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict';
import { createLemmatizer } from './lemmas';
import { contentWords, createRanker } from './rank';
import { tagContext } from './tagger';
import { openWordNet } from './wordnet';

const wordnet = openWordNet();
const ecdict = openEcdict();
const lemmatizer = createLemmatizer(wordnet, ecdict);
const ranker = createRanker(wordnet, lemmatizer, ecdict);

function rank(pre: string, target: string, post: string, lemma: string, excludeExamples?: Set<string>) {
  const t = tagContext(pre, target, post);
  const features = ranker.features(t.tokens, t.target);
  const formPos = lemmatizer.candidates(target.toLowerCase()).find((c) => c.lemma === lemma)?.pos;
  return { features, ranked: ranker.rank(wordnet.senses(lemma), features, { formPos, excludeExamples }) };
}

describe('ranking senses in context', () => {
  it('puts the river bank first by a river and the money bank first for a salary', () => {
    const river = rank('We sat on the ', 'bank', ' of the river.', 'bank').ranked[0].sense.key;
    const money = rank('She deposited her salary at the ', 'bank', '.', 'bank').ranked[0].sense.key;
    expect(river).toBe('bank%1:17:01::');
    expect(money).toBe('bank%1:14:00::');
  });

  it('separates running a company from running to the station', () => {
    const company = rank('He ', 'runs', ' a company.', 'run');
    const station = rank('I ', 'ran', ' to the station.', 'run');
    expect(company.features.transitivity).toBe('obj');
    expect(station.features.transitivity).toBe('noobj');
    expect(company.ranked[0].sense.key).toBe('run%2:41:02::'); // direct or control
    expect(station.ranked[0].synset.pos).toBe('v');
    expect(station.ranked[0].sense.key).not.toBe(company.ranked[0].sense.key);
    // "move fast by using one's feet" is among the first for the station.
    expect(station.ranked.slice(0, 3).map((s) => s.sense.key)).toContain('run%2:38:00::');
  });

  it('follows the part of speech of the word in its sentence', () => {
    const noun = rank('He bought a new ', 'saw', ' yesterday.', 'saw');
    const verb = rank('They ', 'saw', ' logs into planks every day.', 'saw');
    expect(noun.features.pos).toBe('n');
    expect(noun.ranked[0].synset.pos).toBe('n');
    expect(verb.features.pos).toBe('v');
    expect(verb.ranked[0].synset.pos).toBe('v');
    // A sense the form cannot have at all ("ran" is no noun) goes after every verb sense.
    const ran = rank('I ', 'ran', ' to the station.', 'run').ranked;
    const firstNoun = ran.findIndex((s) => s.synset.pos === 'n');
    expect(ran.slice(0, firstNoun).every((s) => s.synset.pos === 'v')).toBe(true);
    expect(firstNoun).toBe(ran.filter((s) => s.synset.pos === 'v').length);
  });

  it('explains each score by its parts', () => {
    const top = rank('We sat on the ', 'bank', ' of the river.', 'bank').ranked[0];
    expect(top.parts.overlap).toBeGreaterThan(0);
    expect(top.score).toBeCloseTo(top.parts.prior + top.parts.pos + top.parts.frame + top.parts.overlap, 6);
  });

  it('can hold out example sentences as evidence', () => {
    // WordNet's own example for the river bank: with it, the overlap is large; held out, smaller.
    const example = 'he sat on the bank of the river and watched the currents';
    const withIt = rank('he sat on the ', 'bank', ' of the river and watched the currents', 'bank');
    const without = rank('he sat on the ', 'bank', ' of the river and watched the currents', 'bank', new Set([example]));
    const overlapOf = (r: typeof withIt) => r.ranked.find((s) => s.sense.key === 'bank%1:17:01::')!.parts.overlap;
    expect(overlapOf(withIt)).toBeGreaterThan(overlapOf(without));
  });

  it('keeps WordNet order without evidence', () => {
    const r = rank('', 'bank', '', 'bank').ranked;
    expect(r[0].sense.key).toBe('bank%1:17:01::');
    expect(r).toHaveLength(18);
  });

  it('drops stop words from glosses and sentences', () => {
    expect(contentWords("The bank's money and the river, especially")).toEqual(['bank', 'money', 'river']);
  });
});
