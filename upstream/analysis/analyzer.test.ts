import { describe, expect, it } from 'vitest';
import { inOriginalCase } from './analyzer';

describe('inOriginalCase', () => {
  it('gives the first word back its capital', () => {
    expect(inOriginalCase(['the', 'book', 'was', 'good', '.'], 'The book was good.')).toEqual([
      'The',
      'book',
      'was',
      'good',
      '.',
    ]);
  });

  it('leaves a word the parser changed, and goes on after it', () => {
    expect(inOriginalCase(['I', 'do', "n't", 'know', 'Paris'], "I don't know PARIS")).toEqual([
      'I',
      'do',
      "n't",
      'know',
      'PARIS',
    ]);
    expect(inOriginalCase(['[x]', 'cats'], 'Cats')).toEqual(['[x]', 'Cats']);
  });
});
