import { afterAll, describe, expect, it } from 'vitest';
import { openLexicalData } from '../dictionary/engine';
import { createLinkGrammar } from '../parser/link-grammar';
import { createPassageReader } from './passage';
import { createWriterChecker, startsWithVowelSound } from './writer-checks';
import { englishSpelling } from './writer-spelling';
import { cleanEssay, essayWithThreeSlips } from '../../tests/support/writer-essays';

const data = openLexicalData();
const reader = createPassageReader(() => data);
const parser = createLinkGrammar();
const checker = createWriterChecker({ ecdict: data.ecdict, spelling: englishSpelling(), parse: (s) => parser.parse(s) });
const check = (text: string) => checker.check(text, reader.read(text, { phrases: false }));
const offline = createWriterChecker({ ecdict: data.ecdict, spelling: englishSpelling(), parse: null });

afterAll(() => parser.close());

describe('the writer’s checks', () => {
  it('flags exactly the misspelling, the disagreement and the missing article, at their spans', async () => {
    const result = await check(essayWithThreeSlips);
    expect(result.grammar_checked).toBe(true);
    const at = (word: string) => essayWithThreeSlips.indexOf(word);
    expect(
      result.flags.map(({ kind, start, end, text, suggestions }) => ({ kind, start, end, text, first: suggestions[0] })),
    ).toEqual([
      { kind: 'agreement', start: at(' go ') + 1, end: at(' go ') + 3, text: 'go', first: 'goes' },
      { kind: 'spelling', start: at('recieve'), end: at('recieve') + 7, text: 'recieve', first: 'receive' },
      { kind: 'article', start: at('car'), end: at('car') + 3, text: 'car', first: 'a car' },
    ]);
    const [agreement, spelling, article] = result.flags;
    expect(agreement.message).toMatch(/主谓不一致.*grandfather.*第三人称单数/);
    expect(spelling.message).toMatch(/拼错/);
    expect(article.message).toMatch(/缺少冠词.*可数名词单数/);
  });

  it('finds none of them in a clean text', async () => {
    const result = await check(cleanEssay);
    expect(result.flags).toEqual([]);
    expect(result.profile).toMatchObject({ sentence_count: 9, level: 1, level_exam: '中考' });
  });

  it('reads the plural subject, a/an, repeated words and an over-long sentence', async () => {
    const text = `The students is friendly. It was a apple. I think it is the the best way. ${'We read, we write, we talk, '.repeat(8)}and we sing all day long.`;
    const result = await check(text);
    expect(result.flags.map((f) => [f.kind, f.text, f.suggestions[0]])).toEqual([
      ['agreement', 'is', 'are'],
      ['article', 'a', 'an'],
      ['repeat', 'the', ''],
      ['long_sentence', expect.stringMatching(/^We read/), undefined],
    ]);
    expect(result.flags[0].message).toMatch(/students.*复数/);
  });

  it('leaves names, numbers, acronyms and real words outside the spell checker’s list alone', async () => {
    const result = await check('Li Hua met Mr. Zhang at WeChat HQ in 2024. The colour of the e-mail was grey.');
    expect(result.flags.filter((f) => f.kind === 'spelling')).toEqual([]);
  });

  it('says so when the parser is missing, and still checks the rest', async () => {
    const result = await offline.check(essayWithThreeSlips, reader.read(essayWithThreeSlips, { phrases: false }));
    expect(result.grammar_checked).toBe(false);
    expect(result.grammar_note).toMatch(/未做语法检查/);
    expect(result.flags.map((f) => f.kind)).toEqual(['spelling']);
  });

  it('reads the first sound of a word, not its first letter', () => {
    expect(['hour', 'apple', 'FBI', 'honest'].map(startsWithVowelSound)).toEqual([true, true, true, true]);
    expect(['university', 'book', 'one', 'European'].map(startsWithVowelSound)).toEqual([false, false, false, false]);
  });

  it('profiles the text’s exam words', async () => {
    const { profile } = await check('The phenomenon is ubiquitous and the hypothesis plausible. The phenomenon is new.');
    expect(profile).toMatchObject({ word_count: 12, sentence_count: 2, average_sentence_words: 6, longest_sentence_words: 8 });
    expect(profile.advanced_words).toEqual([
      { lemma: 'ubiquitous', level: 5 },
      { lemma: 'plausible', level: 4 },
    ]);
    expect(profile.levels.reduce((n, l) => n + l.count, 0)).toBe(12);
  });
});
