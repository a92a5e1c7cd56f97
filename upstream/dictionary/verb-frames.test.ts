import { describe, expect, it } from 'vitest';
import { frameComplements, verbFrames } from './verb-frames';
import type { Synset } from './wordnet';

const synset = (frames: { frame: number; word: number }[]): Synset => ({
  offset: 1,
  pos: 'v',
  type: 'v',
  lexFile: 38,
  words: [
    { lemma: 'run', lexId: 0 },
    { lemma: 'go_on', lexId: 0 },
  ],
  pointers: [],
  frames,
  definition: '',
  examples: [],
});

describe('verb frames', () => {
  it('describes each of the 35 frames of WordNet', () => {
    expect(Object.keys(verbFrames).map(Number)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    expect(verbFrames[8]).toEqual({ pattern: 'Somebody ----s something', complement: 'object' });
    expect(verbFrames[22].complement).toBe('none');
  });

  it('reads the frames of the whole synset and those of the word itself, not of its other words', () => {
    const s = synset([
      { frame: 2, word: 0 },
      { frame: 8, word: 1 },
      { frame: 26, word: 2 },
    ]);
    expect(frameComplements(s, 'run')).toEqual(['none', 'object']);
    expect(frameComplements(s, 'go on')).toEqual(['none', 'clause']);
  });

  it('has nothing to say about a word without frames, or frames it does not know', () => {
    expect(frameComplements(synset([]), 'run')).toEqual([]);
    expect(frameComplements(synset([{ frame: 99, word: 0 }]), 'run')).toEqual([]);
  });
});
