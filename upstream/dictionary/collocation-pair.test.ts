import { describe, expect, it } from 'vitest';
import type { Gloss } from '../../lib/contract';
import type { Collocation } from './chinese';
import { inPair, pairOf } from './collocation-pair';
import type { EngineData } from './engine-data';
import { emptyRole, type TargetRole } from './sentence-role';

/** A lemmatizer that knows each word as itself. */
const lemmatizer = { known: (word: string) => word.toLowerCase() } as unknown as EngineData['lemmatizer'];
const role = (fields: Partial<TargetRole>): TargetRole => ({ ...emptyRole(), ...fields });

describe('the word the target forms a pair with', () => {
  it("is the noun an attributive modifies, or a verb's object, after the target", () => {
    const heavy = role({ pos: 'a', function: 'attributive', objectHead: 'rain' });
    expect(pairOf(heavy, { lemmatizer })).toEqual({ neighbour: 'rain', neighbourLabel: 'n.', neighbourFirst: false });
    const run = role({ pos: 'v', objectHead: 'company' });
    expect(pairOf(run, { lemmatizer })).toEqual({ neighbour: 'company', neighbourLabel: 'n.', neighbourFirst: false });
  });

  it("is a noun's modifier, before it", () => {
    const bank = role({ pos: 'n', modifier: { word: 'river', head: 'river', pos: 'n' } });
    expect(pairOf(bank, { lemmatizer })).toEqual({ neighbour: 'river', neighbourLabel: 'n.', neighbourFirst: true });
    const cake = role({ pos: 'n', modifier: { word: 'sweet', head: 'sweet', pos: 'a' } });
    expect(pairOf(cake, { lemmatizer })?.neighbourLabel).toBe('adj.');
  });

  it('is nothing where the parse is unsure, or for a passive or a verb with its particle', () => {
    expect(pairOf(undefined, { lemmatizer })).toBeUndefined();
    expect(pairOf(role({ pos: 'v', objectHead: 'company', confident: false }), { lemmatizer })).toBeUndefined();
    expect(pairOf(role({ pos: 'v', objectHead: 'coat', particle: { word: 'off', index: 3 } }), { lemmatizer })).toBeUndefined();
    expect(pairOf(role({ pos: 'v', objectHead: 'ball', passive: true }), { lemmatizer })).toBeUndefined();
    const unknown = { known: () => undefined } as unknown as EngineData['lemmatizer'];
    expect(pairOf(role({ pos: 'v', objectHead: 'qzxv' }), { lemmatizer: unknown })).toBeUndefined();
  });
});

describe("a gloss's Chinese read off the pair", () => {
  const asked: Collocation[] = [];
  const chinese = {
    inCollocation: (c: Collocation) => {
      asked.push(c);
      return c.neighbour === 'rain' ? { rendering: '大', word: '大雨', own: ['大', '巨大的'] } : undefined;
    },
  } as unknown as EngineData['chinese'];
  const gloss: Gloss = {
    pos: { name: '形容词', label: 'adj.' },
    simple_sense: '重的',
    s_c: 0,
    sense: { first: 'of the greatest intensity', second: '重的，沉重的' },
    sense_id: 'heavy%3:00:00::',
    examples: [],
  };

  it('renders the word as in the pair, and says which pair it was read from', () => {
    const paired = inPair(gloss, 'heavy', { neighbour: 'rain', neighbourLabel: 'n.', neighbourFirst: false }, { chinese });
    expect(paired?.gloss.simple_sense).toBe('大（大雨）');
    expect(paired?.gloss.sense).toEqual({ first: 'of the greatest intensity', second: '大（大雨），巨大的' });
    expect(paired?.note).toBe('heavy rain 即 大雨');
    expect(asked.at(-1)).toEqual({
      lemma: 'heavy',
      label: 'adj.',
      neighbour: 'rain',
      neighbourLabel: 'n.',
      neighbourFirst: false,
    });
  });

  it("leaves ECDICT's lines, glosses without a part of speech, and pairs no dictionary renders", () => {
    const pair = { neighbour: 'rain', neighbourLabel: 'n.', neighbourFirst: false };
    expect(inPair({ ...gloss, sense_id: 'ecdict:heavy:adj.:1' }, 'heavy', pair, { chinese })).toBeUndefined();
    expect(inPair({ ...gloss, pos: undefined }, 'heavy', pair, { chinese })).toBeUndefined();
    expect(inPair(gloss, 'heavy', { ...pair, neighbour: 'box' }, { chinese })).toBeUndefined();
  });
});
