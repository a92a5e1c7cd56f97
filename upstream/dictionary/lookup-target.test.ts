import { describe, expect, it } from 'vitest';
import { translationItem, WORD_NOT_FOUND } from '../../lib/contract';
import { cleanTarget, notFound, targetWord } from './lookup-target';

describe('the target as a dictionary key', () => {
  it('drops the punctuation around it and straightens apostrophes and dashes', () => {
    expect(cleanTarget('“bank,”')).toBe('bank');
    expect(cleanTarget('don’t')).toBe("don't");
    expect(cleanTarget('well‐known')).toBe('well-known');
    expect(cleanTarget('  take \n off ')).toBe('take off');
  });

  it('reads full-width letters as ASCII and keeps the final dot of an abbreviation', () => {
    expect(cleanTarget('ｂａｎｋ')).toBe('bank');
    expect(cleanTarget('U.S.')).toBe('U.S.');
    expect(cleanTarget('U.S')).toBe('U.S.');
    expect(cleanTarget('end.')).toBe('end');
  });

  it('makes nothing of what is no text', () => {
    expect(cleanTarget(undefined as never)).toBe('');
    expect(cleanTarget('...')).toBe('');
    expect(cleanTarget('😀')).toBe('');
  });
});

describe('the word a target stands for', () => {
  it('is the full word of a clitic clicked alone, in either apostrophe', () => {
    expect(targetWord("'m")).toBe('am');
    expect(targetWord('’re')).toBe('are');
    expect(targetWord("'S")).toBe('is');
    expect(targetWord("n't")).toBe('not');
  });

  it('is the cleaned target otherwise', () => {
    expect(targetWord('“Bank,”')).toBe('bank');
    expect(targetWord("don't")).toBe("don't");
    expect(targetWord("'tis")).toBe('tis');
    // No property of a plain object stands in for a clitic.
    expect(targetWord('constructor')).toBe('constructor');
    expect(targetWord('toString')).toBe('tostring');
  });
});

describe('the answer for a target nobody has', () => {
  it('is one valid item with one gloss saying so, under the cleaned word', () => {
    const item = notFound(' Qzxv ', 'qzxv');
    expect(translationItem.parse(item)).toBeTruthy();
    expect(item.lemma).toBe('qzxv');
    expect(item.gloss).toEqual([
      { sense: { first: ' Qzxv ', second: `${WORD_NOT_FOUND}：qzxv` }, s_c: 0, sense_id: null, examples: [] },
    ]);
  });

  it('shows the target as written where nothing of it is left once cleaned', () => {
    expect(notFound('...', '').lemma).toBe('...');
    expect(notFound('...', '').gloss[0].sense.second).toBe(`${WORD_NOT_FOUND}：...`);
  });
});
