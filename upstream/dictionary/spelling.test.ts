import { describe, expect, it } from 'vitest';
import { openEcdict } from './ecdict';
import { createSpellingIndex, editDistance, spellingIndexOf } from './spelling';

describe('the edit distance', () => {
  it('counts a swap of neighbours as one edit, and stops past the bound', () => {
    expect(editDistance('recieve', 'receive')).toBe(1);
    expect(editDistance('teh', 'the')).toBe(1);
    expect(editDistance('definately', 'definitely')).toBe(1);
    expect(editDistance('acomodate', 'accommodate')).toBe(2);
    expect(editDistance('cat', 'cat')).toBe(0);
    // Beyond the bound the answer is bound + 1, whatever the true distance.
    expect(editDistance('cat', 'elephant')).toBe(3);
    expect(editDistance('abcdef', 'badcfe')).toBe(3);
  });
});

describe('suggestions from a hand-made word list', () => {
  const index = createSpellingIndex([
    { word: 'receive', rank: 500 },
    { word: 'relieve', rank: 3000 },
    { word: 'receiver', rank: 2000 },
    { word: 'deceive', rank: 6000 },
    { word: 'recipe', rank: 4000 },
    { word: 'TV', rank: 300 },
    { word: 'x', rank: 900 },
    { word: 'unranked', rank: 0 },
  ]);

  it('ranks by distance, then by how common the word is', () => {
    // receive and relieve are one edit away (receive the commoner); receiver, recipe and deceive two.
    expect(index.suggest('recieve')).toEqual(['receive', 'relieve', 'receiver', 'recipe', 'deceive']);
    expect(index.suggest('recieve', 2)).toEqual(['receive', 'relieve']);
  });

  it('never suggests the word itself, acronyms, stray letters or unranked words, and nothing past two edits', () => {
    expect(index.suggest('receive')).not.toContain('receive');
    expect(index.suggest('tv')).toEqual([]);
    expect(index.suggest('xy')).toEqual([]);
    expect(index.suggest('unranke')).toEqual([]);
    expect(index.suggest('perceptive')).toEqual([]);
  });

  it('answers nothing for what is not one word', () => {
    expect(index.suggest('')).toEqual([]);
    expect(index.suggest('take off')).toEqual([]);
    expect(index.suggest('12345')).toEqual([]);
    expect(index.suggest('x'.repeat(200))).toEqual([]);
  });
});

describe('suggestions over the whole dictionary', () => {
  const ecdict = openEcdict();
  const index = spellingIndexOf(ecdict);

  it('finds the word meant by the common misspellings', () => {
    expect(index.suggest('recieve')[0]).toBe('receive');
    expect(index.suggest('teh')[0]).toBe('the');
    expect(index.suggest('definately')[0]).toBe('definitely');
    expect(index.suggest('seperate')[0]).toBe('separate');
    // An inflected form, which ECDICT leaves unranked, is found at its headword's rank.
    expect(index.suggest('occured')[0]).toBe('occurred');
    expect(index.suggest('Recieve')[0]).toBe('receive');
  });

  it('answers at most five, each within two edits', () => {
    const found = index.suggest('beleive');
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(5);
    for (const word of found) expect(editDistance('beleive', word.toLowerCase())).toBeLessThanOrEqual(2);
  });

  it('is built once per dictionary', () => {
    expect(spellingIndexOf(ecdict)).toBe(index);
  });
});
