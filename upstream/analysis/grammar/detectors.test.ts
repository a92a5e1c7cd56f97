import { describe, expect, it } from 'vitest';
import { CLAUSE_DETECTORS } from './detect-clauses';
import { ELEMENT_DETECTORS } from './detect-elements';
import { NONFINITE_DETECTORS } from './detect-nonfinite';
import { PATTERN_DETECTORS } from './detect-patterns';
import { VERB_DETECTORS } from './detect-verbs';
import { DETECTORS, factsOf } from './detectors';
import { parsed, wordsOnly } from './detect-test-support';
import { PATTERN_POINTS } from './points-patterns';

const tables = [VERB_DETECTORS, CLAUSE_DETECTORS, NONFINITE_DETECTORS, PATTERN_DETECTORS, ELEMENT_DETECTORS];

describe('DETECTORS', () => {
  it('gathers every area’s detectors, each name from one area', () => {
    const names = tables.flatMap((t) => Object.keys(t));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(DETECTORS)).toEqual(names);
    for (const t of tables) for (const [name, d] of Object.entries(t)) expect(DETECTORS[name]).toBe(d);
    // points-patterns.ts is split over three areas.
    const patterns = [NONFINITE_DETECTORS, PATTERN_DETECTORS, ELEMENT_DETECTORS].flatMap((t) => Object.keys(t));
    expect(patterns.sort()).toEqual(PATTERN_POINTS.map((p) => p.name).sort());
  });
});

describe('factsOf', () => {
  it('works out the verb groups, the subjunctive and the absolutes once per sentence', () => {
    expect(factsOf(parsed('She has been working here since 2010.'))).toEqual({
      groups: [{ words: [1, 2, 3], perfect: true, progressive: true, passive: false }],
      subjunctive: [],
      absolutes: [],
    });
    const unreal = factsOf(parsed('If I were rich, I would buy a house.'));
    expect(unreal.subjunctive).toEqual([[0, 10]]);
    expect(unreal.groups.map((g) => g.words)).toEqual([[2], [6, 7]]);
    expect(factsOf(parsed('Weather permitting, we will go.')).absolutes).toEqual([[0, 2]]);
  });

  it('has no verb groups and no subjunctive without the tree', () => {
    const facts = factsOf(wordsOnly('If I were rich, I would buy a house.'));
    expect(facts.groups).toEqual([]);
    expect(facts.subjunctive).toEqual([]);
  });
});
