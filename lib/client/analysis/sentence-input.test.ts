import { describe, expect, it } from 'vitest';
import { MAX_SENTENCE_LENGTH, sentenceToAnalyse } from './sentence-input';

describe('sentence to analyse', () => {
  it('skips input whose word split yields nothing', () => {
    expect(sentenceToAnalyse('')).toBeNull();
    expect(sentenceToAnalyse('  \n ')).toBeNull();
    expect(sentenceToAnalyse('... 123 !!')).toBeNull();
  });

  it('folds white space and keeps the sentence within the call bound', () => {
    expect(sentenceToAnalyse('  The book\n that you   lent me. ')).toBe('The book that you lent me.');
    expect(sentenceToAnalyse(`a ${'b'.repeat(2000)}`)?.length).toBe(MAX_SENTENCE_LENGTH);
  });
});
