import { describe, expect, it } from 'vitest';
import { type Collocation, type CollocationLexicon, collocationChinese } from './chinese-collocation';
import type { TranslationLine } from './ecdict-text';

const compounds: Record<string, string[]> = {
  'heavy rain': ['大雨'],
  'river bank': ['河岸'],
  // Not a real entry: it shows that the order must hold.
  'bank river': ['河岸'],
  'strong wind': ['劲风'],
};
const lines: Record<string, TranslationLine[]> = {
  heavy: [{ pos: 'adj.', items: ['重的', '巨大的', '沉重的'] }],
  rain: [{ pos: 'n.', items: ['雨', '雨水'] }],
  bank: [{ pos: 'n.', items: ['银行', '岸', '堤'] }],
  river: [{ pos: 'n.', items: ['河', '江'] }],
  strong: [{ pos: 'adj.', items: ['强壮的', '坚强的'] }],
  wind: [{ pos: 'n.', items: ['风'] }],
};
const lexicon: CollocationLexicon = {
  cedict: { headwordsFor: (phrase) => compounds[phrase] ?? [] },
  linesOf: () => [],
  linesFor: (word) => lines[word] ?? [],
};
const pair = (lemma: string, label: string, neighbour: string, neighbourLabel: string, neighbourFirst = false) =>
  collocationChinese({ lemma, label, neighbour, neighbourLabel, neighbourFirst } satisfies Collocation, lexicon);

describe('a word’s Chinese inside its collocation', () => {
  it('takes the half of the compound that is not the neighbour’s, when it is part of the word’s own rendering', () => {
    expect(pair('heavy', 'adj.', 'rain', 'n.')).toEqual({ rendering: '大', word: '大雨', own: ['巨大的'] });
  });

  it('keeps the English order, modifier first, and prefers a rendering of the word itself', () => {
    expect(pair('bank', 'n.', 'river', 'n.', true)).toEqual({ rendering: '岸', word: '河岸', own: ['岸'] });
    expect(pair('bank', 'n.', 'river', 'n.', false)).toBeUndefined();
  });

  it('claims nothing when the other half is none of the word’s renderings', () => {
    expect(pair('strong', 'adj.', 'wind', 'n.')).toBeUndefined();
    expect(pair('heavy', 'adj.', 'snow', 'n.')).toBeUndefined();
  });
});
