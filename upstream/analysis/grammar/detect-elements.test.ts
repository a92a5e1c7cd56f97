import { describe, expect, it } from 'vitest';
import { ELEMENT_DETECTORS, exclamative, tagQuestion } from './detect-elements';
import { factsOf } from './detectors';
import { marks, parsed, wordsOnly } from './detect-test-support';
import { PATTERN_POINTS } from './points-patterns';

const found = (name: string, sentence: string) => marks(ELEMENT_DETECTORS[name], parsed(sentence));
const foundInWords = (name: string, sentence: string) => marks(ELEMENT_DETECTORS[name], wordsOnly(sentence));

describe('the sentence element and type detectors', () => {
  it('has a detector for each 句子成分 point of points-patterns.ts, and only its points', () => {
    const names = new Set(PATTERN_POINTS.map((p) => p.name));
    for (const name of Object.keys(ELEMENT_DETECTORS)) expect(names.has(name), name).toBe(true);
    for (const p of PATTERN_POINTS.filter((x) => x.category === '句子成分'))
      expect(ELEMENT_DETECTORS[p.name], p.name).toBeDefined();
  });

  it('marks double objects, object complements and causatives', () => {
    expect(found('双宾语', 'She showed us her photos.')).toEqual(['us her photos']);
    expect(found('宾语补足语', 'We call him Little Tom.')).toEqual(['Little Tom']);
    expect(found('使役动词', 'The teacher made us clean the classroom.')).toEqual(['made us clean']);
  });

  it('marks exclamations and the kinds of question', () => {
    const what = parsed('What a beautiful day it is!');
    expect(exclamative(what, factsOf(what))).toEqual([[0, 6]]);
    const tag = parsed("She can swim, can't she?");
    expect(tagQuestion(tag, factsOf(tag)).map(([a, b]) => tag.words.slice(a, b).join(' '))).toEqual(["ca n't she"]);
    // A tag question is no yes/no question.
    expect(found('一般疑问句', "She can swim, can't she?")).toEqual([]);
    expect(found('一般疑问句', 'Are you a student?')).toEqual(['Are you a student']);
    expect(found('特殊疑问句', 'Where do you live?')).toEqual(['Where do you live']);
    expect(foundInWords('特殊疑问句', 'Where do you live?')).toEqual(['Where do you live']);
  });
});
