import { describe, expect, it } from 'vitest';
import { finiteVerbs } from './detect-tree';
import { marks, parsed, wordsOnly } from './detect-test-support';
import { subjunctiveSpans, VERB_DETECTORS, verbGroups } from './detect-verbs';
import { VERB_POINTS } from './points-verbs';

const found = (name: string, sentence: string) => marks(VERB_DETECTORS[name], parsed(sentence));
const foundInWords = (name: string, sentence: string) => marks(VERB_DETECTORS[name], wordsOnly(sentence));

describe('the verb detectors', () => {
  it('has a detector for each point of points-verbs.ts and no other', () => {
    expect(Object.keys(VERB_DETECTORS).sort()).toEqual(VERB_POINTS.map((p) => p.name).sort());
  });

  it('reads each clause’s verb group with its aspect and voice', () => {
    expect(verbGroups(parsed('She has been working here since 2010.'))).toEqual([
      { words: [1, 2, 3], perfect: true, progressive: true, passive: false },
    ]);
    expect(verbGroups(parsed('The letter was written by my sister.'))).toEqual([
      { words: [2, 3], perfect: false, progressive: false, passive: true },
    ]);
  });

  it('marks the verb group of a tense, the voice and a modal', () => {
    expect(found('现在完成进行时', 'She has been working here since 2010.')).toEqual(['has been working']);
    expect(found('一般将来时', 'They are going to build a new library.')).toEqual(['are going to build']);
    expect(found('被动语态', 'The letter was written by my sister.')).toEqual(['was written']);
    expect(found('情态动词', 'You must finish your homework.')).toEqual(['must finish']);
    // An activity after be is its complement, not a progressive.
    expect(found('现在进行时', 'My hobby is collecting stamps.')).toEqual([]);
    expect(found('一般现在时', 'My hobby is collecting stamps.')).toEqual(['is collecting']);
  });

  it('marks the clauses in the subjunctive, and only with the tree', () => {
    const wish = parsed('I wish I were taller.');
    expect(subjunctiveSpans(wish, finiteVerbs(wish)).map(([a, b]) => wish.words.slice(a, b).join(' '))).toEqual([
      'I were taller',
    ]);
    expect(found('虚拟语气', 'If I were rich, I would buy a house.')).toEqual(['If I were rich , I would buy a house']);
    expect(foundInWords('虚拟语气', 'If I were rich, I would buy a house.')).toEqual([]);
  });

  it('marks an imperative sentence', () => {
    expect(found('祈使句', 'Please close the door.')).toEqual(['Please close the door']);
    expect(found('祈使句', 'Thank you for helping me.')).toEqual([]);
  });
});
