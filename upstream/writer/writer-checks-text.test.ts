import { describe, expect, it } from 'vitest';
import { quote, startsWithVowelSound } from './writer-checks-text';

describe('what the writer’s checks share', () => {
  it('reads the first sound of a word, not its first letter', () => {
    expect(['hour', 'apple', 'FBI', 'honest'].map(startsWithVowelSound)).toEqual([true, true, true, true]);
    expect(['university', 'book', 'one', 'European'].map(startsWithVowelSound)).toEqual([false, false, false, false]);
  });

  it('quotes a word in Chinese quotation marks', () => {
    expect(quote('go')).toBe('“go”');
  });
});
