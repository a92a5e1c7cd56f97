import { describe, expect, it } from 'vitest';
import { parseTranslation } from './ecdict-text';
import { firstRendering, meaningOf, overlap, renderings, usableStem, type WordFacts } from './word-formation-meaning';

const facts = (translation: string, common = true, core = true): WordFacts => ({
  lines: parseTranslation(translation),
  common,
  core,
});

describe('how a stem shares meaning with the whole word', () => {
  it('scores two characters in a row 2, and names the stem rendering that has them', () => {
    expect(overlap(meaningOf(facts('n. 快乐, 幸福')), facts('a. 快乐的, 幸福的'))).toEqual({ score: 2, item: '快乐的' });
  });

  it('scores a short rendering of the stem found whole in the word 2', () => {
    expect(overlap(meaningOf(facts('n. 教师, 老师')), facts('vt. 教, 讲授'))).toEqual({ score: 2, item: '教' });
  });

  it('scores one shared content character 1, and nothing shared 0', () => {
    expect(overlap(meaningOf(facts('n. 银行')), facts('n. 银子'))).toEqual({ score: 1, item: '银子' });
    expect(overlap(meaningOf(facts('n. 母亲')), facts('n. 蛾'))).toEqual({ score: 0 });
  });

  it('reads only the first renderings of the whole word, and no subject-field line', () => {
    const whole = meaningOf(facts('n. 淋浴, 阵雨\n[计] 显示者'));
    expect(whole.items).toEqual(['淋浴', '阵雨']);
    expect(overlap(whole, facts('vt. 显示, 表明')).score).toBe(0);
  });
});

describe('stems and renderings', () => {
  it('takes as a stem only a common word with a part of speech, and a short one only when core', () => {
    expect(usableStem(facts('vt. 教'), 'teach')).toBe(true);
    expect(usableStem(facts('vt. 教', false), 'teach')).toBe(false);
    expect(usableStem(facts('n. 猫', true, false), 'cat')).toBe(false);
    expect(usableStem(facts('abbr. 首席执行官'), 'ceo')).toBe(false);
    expect(usableStem(undefined, 'teach')).toBe(false);
  });

  it('gives the first rendering of a line with a part of speech, without its bracketed notes', () => {
    expect(firstRendering(facts('[医] 库\nn. (河)岸, 堤'))).toBe('岸');
    expect(renderings(facts('n. 银行, 堤, 岸\nvt. 存入'), 1, 2)).toEqual(['银行', '堤']);
  });
});
