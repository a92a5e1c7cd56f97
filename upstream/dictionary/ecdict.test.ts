import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict';

const ecdict = openEcdict();

describe('ECDICT, read-only', () => {
  it('gets a row case-insensitively with the columns the engine reads', () => {
    const bank = ecdict.get('Bank');
    expect(bank).toMatchObject({ word: 'bank', phonetic: 'bæŋk' });
    expect(bank?.translation).toContain('银行');
    expect(bank?.exchange).toContain('s:banks');
    expect(ecdict.get('ran')?.exchange).toContain('0:run');
  });

  it('answers undefined for unknown, empty and oversized keys, and caches misses', () => {
    expect(ecdict.get('qzxvqzxv')).toBeUndefined();
    expect(ecdict.get('qzxvqzxv')).toBeUndefined();
    expect(ecdict.get('   ')).toBeUndefined();
    expect(ecdict.get('x'.repeat(500))).toBeUndefined();
  });

  it('knows the headwords of its expressions, and only those that may be one', () => {
    const expressions = ecdict.expressionHeadwords();
    expect(expressions.has('look forward to')).toBe(true);
    expect(expressions.has('in spite of')).toBe(true);
    // Every headword there has several words and is in lower case; no single word is.
    expect(expressions.has('bank')).toBe(false);
    for (const word of [...expressions].slice(0, 1000)) {
      expect(word).toContain(' ');
      expect(word).toBe(word.toLowerCase());
    }
    // Read once.
    expect(ecdict.expressionHeadwords()).toBe(expressions);
  });
});
