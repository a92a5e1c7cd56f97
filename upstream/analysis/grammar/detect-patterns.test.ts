import { describe, expect, it } from 'vitest';
import { cleftFrame, comparativeHalf, formalSubjectFrame, PATTERN_DETECTORS } from './detect-patterns';
import { marks, parsed, wordsOnly } from './detect-test-support';
import { PATTERN_POINTS } from './points-patterns';

const found = (name: string, sentence: string) => marks(PATTERN_DETECTORS[name], parsed(sentence));

describe('the sentence pattern detectors', () => {
  it('has a detector for each 特殊句式, 句型 and 比较 point of points-patterns.ts it covers', () => {
    const names = new Set(PATTERN_POINTS.map((p) => p.name));
    for (const name of Object.keys(PATTERN_DETECTORS)) expect(names.has(name), name).toBe(true);
    for (const p of PATTERN_POINTS.filter((x) => x.category === '特殊句式' || x.category === '比较'))
      expect(PATTERN_DETECTORS[p.name], p.name).toBeDefined();
  });

  it('finds the frame of a cleft sentence and of a formal subject', () => {
    const cleft = parsed('It was John who broke the window.');
    expect(cleftFrame(cleft)).toEqual([0, 3]);
    expect(formalSubjectFrame(cleft)).toBeNull();
    expect(found('强调句', 'It was John who broke the window.')).toEqual(['It was John who broke the window']);
    const formal = parsed('It is important to learn English.');
    expect(cleftFrame(formal)).toBeNull();
    expect(formalSubjectFrame(formal)).toEqual({ it: 0, marker: 3 });
    expect(found('形式主语', 'It is important to learn English.')).toEqual(['It']);
    expect(found('形式宾语', 'I find it easy to make friends.')).toEqual(['it']);
  });

  it('marks inversion, there be, emphatic do, ellipsis and coordination', () => {
    expect(found('倒装句', 'Never have I seen such a beautiful sunset.')).toEqual(['Never have I']);
    expect(found('there be 句型', 'There is a book on the desk.')).toEqual(['There is']);
    expect(marks(PATTERN_DETECTORS['there be 句型'], wordsOnly('There is a book on the desk.'))).toEqual(['There is']);
    expect(found('强调谓语动词', 'He did come to the party.')).toEqual(['did come']);
    expect(found('省略', 'When asked, he said nothing.')).toEqual(['When asked']);
    expect(found('并列句', 'He sang and she danced.')).toEqual(['and']);
  });

  it('marks comparison, and knows the halves of "the more …, the more …"', () => {
    expect(found('比较级', 'He is taller than his brother.')).toEqual(['taller']);
    expect(found('最高级', 'This is the best film I have ever seen.')).toEqual(['the best']);
    expect(found('同级比较', 'She is as tall as her mother.')).toEqual(['as tall as']);
    const double = parsed('The more money he earns, the more he spends.');
    expect(marks(PATTERN_DETECTORS['the + 比较级, the + 比较级'], double)).toEqual([
      'The more money he earns , the more he spends',
    ]);
    expect(comparativeHalf(double, 2)).toBe(true);
    expect(comparativeHalf(parsed('He earns more money than his brother.'), 2)).toBe(false);
  });
});
