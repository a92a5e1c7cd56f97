import { describe, expect, it } from 'vitest';
import { parseTranslation } from './ecdict-text';
import { createWordFormation, formationTableSize, wordFormation, type WordFacts } from './word-formation';

const shown = (word: string) => wordFormation(word).map((p) => p.word);

describe('wordFormation on ECDICT', () => {
  it('splits unbelievable as the learner reads it', () => {
    expect(wordFormation('unbelievable')).toEqual([
      { word: 'un-', etymology: '不，非' },
      { word: 'believ(e)', etymology: '相信' },
      { word: '-able', etymology: '能…的，可…的' },
    ]);
  });

  it.each([
    ['transport', ['trans-', 'port']],
    ['inspection', ['in-', 'spect', '-ion']],
    ['construction', ['con-', 'struct', '-ion']],
    ['predict', ['pre-', 'dict']],
    ['interrupt', ['inter-', 'rupt']],
    ['describe', ['de-', 'scribe']],
    ['reject', ['re-', 'ject']],
    ['attract', ['at-', 'tract']],
    ['expect', ['ex-', 'pect']],
    ['manuscript', ['manu', 'script']],
    ['photograph', ['photo', 'graph']],
    ['biology', ['bio', '-logy']],
    ['visible', ['vis', '-ible']],
    ['invisible', ['in-', 'vis', '-ible']],
    ['unhappy', ['un-', 'happy']],
    ['happiness', ['happy', '-ness']],
    ['kindness', ['kind', '-ness']],
    ['careless', ['care', '-less']],
    ['teacher', ['teach', '-er']],
    ['quickly', ['quick', '-ly']],
    ['gently', ['gent(le)', '-ly']],
    ['creation', ['cre', '-ation']],
    ['information', ['in-', 'form', '-ation']],
    ['impossible', ['im-', 'possible']],
    ['unlock', ['un-', 'lock']],
    ['dislike', ['dis-', 'like']],
    ['rewrite', ['re-', 'write']],
    ['indirect', ['in-', 'direct']],
    ['self-control', ['self-', 'control']],
    ['blackboard', ['black', 'board']],
  ])('%s → %j', (word, parts) => {
    expect(shown(word)).toEqual(parts);
  });

  it.each([
    'bank',
    'run',
    'leaf',
    'the',
    'cat',
    'apple',
    'water',
    'banana',
    'mother',
    'brother',
    'flower',
    'tower',
    'corner',
    'letter',
    'number',
    'planet',
    'about',
    'again',
    'begin',
    'deliver',
    'union',
    'season',
    'person',
    'carpet',
    'hamlet',
    'pellet',
    'often',
    'grammar',
    'register',
    'dollar',
    'shower',
    'chicken',
    'button',
    'pocket',
    'present',
    'table',
  ])('leaves %s whole', (word) => {
    expect(wordFormation(word)).toEqual([]);
  });

  it('chooses the sense of an ambiguous prefix from the word', () => {
    const gloss = (word: string, part: string) => wordFormation(word).find((p) => p.word === part)?.etymology;
    expect(gloss('unhappy', 'un-')).toBe('不，非');
    expect(gloss('unlock', 'un-')).toBe('解开，做相反的动作');
    expect(gloss('invisible', 'in-')).toBe('不，无，非');
    expect(gloss('include', 'in-')).toBe('向内，进入');
  });

  it('glosses a root that is also a word by its root meaning when the word sense does not fit', () => {
    expect(wordFormation('support').find((p) => p.word === 'port')?.etymology).toBe('拿，运');
  });

  it('accepts any case and rejects what is not a word', () => {
    expect(shown('Transport')).toEqual(['trans-', 'port']);
    expect(wordFormation('')).toEqual([]);
    expect(wordFormation('look after')).toEqual([]);
    expect(wordFormation("don't")).toEqual([]);
    expect(wordFormation('12345')).toEqual([]);
  });

  it('gives every part a Chinese gloss and marks prefixes and suffixes with hyphens', () => {
    for (const word of ['unbelievable', 'international', 'autobiography', 'carefully', 'disappointment']) {
      const parts = wordFormation(word);
      expect(parts.length, word).toBeGreaterThanOrEqual(2);
      for (const part of parts) {
        expect(part.etymology, `${word} ${part.word}`).toMatch(/[\u4e00-\u9fff]/);
        expect(part.word).toMatch(/^(?:[a-z()]+-|-[a-z()]+|[a-z()]+)$/);
      }
    }
  });
});

describe('createWordFormation with a small dictionary', () => {
  const facts = (translation: string): WordFacts => ({ lines: parseTranslation(translation), common: true, core: true });
  const dictionary: Record<string, WordFacts> = {
    teach: facts('vt. 教, 讲授'),
    teacher: facts('n. 教师, 老师'),
    moth: facts('n. 蛾'),
    mother: facts('n. 母亲'),
    happy: facts('a. 快乐的, 幸福的'),
    happiness: facts('n. 快乐, 幸福'),
    unhappy: facts('a. 不快乐的'),
  };
  const formation = createWordFormation((word) => dictionary[word]);

  it('splits off a suffix only when the stem shares the meaning', () => {
    expect(formation('teacher').map((p) => p.word)).toEqual(['teach', '-er']);
    expect(formation('mother')).toEqual([]);
  });

  it('restores y before a suffix and glosses the stem with the shared rendering', () => {
    expect(formation('happiness')).toEqual([
      { word: 'happy', etymology: '快乐的' },
      { word: '-ness', etymology: '名词后缀：性质，状态' },
    ]);
    expect(formation('unhappy')[0]).toEqual({ word: 'un-', etymology: '不，非' });
  });

  it('still reads roots without any dictionary', () => {
    const bare = createWordFormation(() => undefined);
    expect(bare('transport').map((p) => p.word)).toEqual(['trans-', 'port']);
    expect(bare('teacher')).toEqual([]);
  });
});

describe('the table', () => {
  it('holds the promised number of elements', () => {
    expect(formationTableSize.prefixes.forms).toBeGreaterThanOrEqual(120);
    expect(formationTableSize.roots.rows).toBeGreaterThanOrEqual(250);
    expect(formationTableSize.suffixes.forms).toBeGreaterThanOrEqual(100);
  });
});
