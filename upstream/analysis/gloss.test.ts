import { describe, expect, it } from 'vitest';
import { sharedDictionaryEngine } from '../dictionary/module';
import { glossOf, shortChinese } from './gloss';

describe('the word-by-word gloss', () => {
  it('takes the shortest meaningful Chinese of a sense', () => {
    expect(shortChinese('出租，借，贷款给')).toBe('借');
    expect(shortChinese('完成，结束，用完')).toBe('完成');
    expect(shortChinese('(计算机)文件；档案')).toBe('文件');
    expect(shortChinese('如...那样，如此')).toBe('如此');
    expect(shortChinese('abc')).toBeUndefined();
  });

  it("glosses a sentence's content words by their lemma and sense in context", () => {
    const gloss = glossOf(
      'The book that you lent me was so interesting that I finished it in one night.',
      sharedDictionaryEngine(),
    );
    const entries = gloss.split('；');
    const lemmas = entries.map((e) => e.split(' ')[0]);
    expect(lemmas).toEqual(expect.arrayContaining(['book', 'lend', 'interesting', 'finish', 'night']));
    // Function words are left out: this is no translation, only the meanings of the words.
    expect(lemmas).not.toContain('the');
    expect(lemmas).not.toContain('that');
    expect(entries.find((e) => e.startsWith('book '))).toBe('book 书');
    for (const entry of entries) expect(entry).toMatch(/^[A-Za-z'-]+ \S*\p{Script=Han}/u);
  }, 30_000);

  it('is never empty for a sentence with words, even of function words only', () => {
    expect(glossOf('Here it is.', sharedDictionaryEngine())).toMatch(/\p{Script=Han}/u);
    expect(glossOf('The zqxvort.', sharedDictionaryEngine())).toContain('zqxvort （词典未收录）');
  });
});
