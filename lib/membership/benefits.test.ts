import { describe, expect, it } from 'vitest';
import { meteredFeatureNames, modelFeatureNames } from '@/lib/contract/calls/metering';
import { benefitNames, benefitsOnSale, offered } from './benefits';

const withoutModel = meteredFeatureNames.filter((f) => !(modelFeatureNames as readonly string[]).includes(f));

describe('what the membership pages offer', () => {
  it('sells no model feature when the running product has no model', () => {
    const sold = benefitsOnSale(withoutModel);
    expect(sold.map((b) => b.feature)).toEqual(['query_word', 'analyze_sentence', 'photo_text']);
    const text = sold.map((b) => `${b.title}${b.detail}`).join('');
    expect(text).not.toMatch(/AI|大模型|翻译/);
    expect(benefitNames(withoutModel)).toBe('查词、句子分析和拍照识字');
  });

  it('sells the model features once the upstream lists them', () => {
    expect(benefitsOnSale(meteredFeatureNames).map((b) => b.feature)).toEqual([
      'query_word',
      'analyze_sentence',
      'ask_tutor',
      'translate',
      'photo_text',
      'writer_review',
    ]);
    expect(offered(meteredFeatureNames, 'writer_review')).toBe(true);
  });

  it('promises no model feature on a guess when the list could not be read', () => {
    for (const feature of modelFeatureNames) expect(offered(null, feature)).toBe(false);
    expect(offered(null, 'query_word')).toBe(true);
    expect(benefitsOnSale(undefined).map((b) => b.feature)).toEqual(['query_word', 'analyze_sentence', 'photo_text']);
  });
});
