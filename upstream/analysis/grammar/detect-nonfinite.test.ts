import { describe, expect, it } from 'vitest';
import { absoluteSpans, NONFINITE_DETECTORS } from './detect-nonfinite';
import { marks, parsed } from './detect-test-support';
import { PATTERN_POINTS } from './points-patterns';

const found = (name: string, sentence: string) => marks(NONFINITE_DETECTORS[name], parsed(sentence));

describe('the non-finite verb detectors', () => {
  it('has a detector for each 非谓语动词 point of points-patterns.ts', () => {
    const points = PATTERN_POINTS.filter((p) => p.category === '非谓语动词').map((p) => p.name);
    expect(Object.keys(NONFINITE_DETECTORS).sort()).toEqual(points.sort());
  });

  it('marks infinitives, gerunds and participles', () => {
    expect(found('不定式', 'It is important to learn English.')).toEqual(['to learn']);
    expect(found('动名词', 'Swimming is good exercise.')).toEqual(['Swimming']);
    expect(found('动名词', 'Thank you for helping me.')).toEqual(['helping']);
    expect(found('现在分词', 'The girl sitting by the window is my sister.')).toEqual(['sitting']);
    expect(found('过去分词', 'Written in simple English, the book is easy to read.')).toEqual(['Written']);
  });

  it('marks an absolute construction, not a clause with its own finite verb', () => {
    const s = parsed('Weather permitting, we will go.');
    expect(absoluteSpans(s)).toEqual([[0, 2]]);
    expect(found('独立主格', 'Weather permitting, we will go.')).toEqual(['Weather permitting']);
    // The participle of an absolute is not claimed on its own.
    expect(found('现在分词', 'Weather permitting, we will go.')).toEqual([]);
    expect(found('独立主格', 'Although it was raining heavily, they went on working in the field.')).toEqual([]);
  });
});
