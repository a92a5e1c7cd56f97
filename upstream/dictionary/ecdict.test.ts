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
});
