import { describe, expect, it } from 'vitest';
import { createEngineContext } from './engine-data';
import { headwordOf } from './headword';

const engine = createEngineContext();

describe("a word's headword card", () => {
  it("has the word's IPA, ECDICT's general Chinese per part of speech and its exam tags", () => {
    expect(headwordOf(engine.open, 'Bank')).toEqual({
      lemma: 'bank',
      uk: 'bæŋk',
      us: 'bæŋk',
      senses: [{ pos: 'n.', zh: '银行；堤；岸' }],
      exams: ['zk', 'gk', 'ielts'],
    });
    for (const card of ['run', 'computer', 'the'].map((word) => headwordOf(engine.open, word)))
      for (const line of card?.senses ?? []) expect(line.zh).not.toMatch(/\[/);
  });

  it('is nothing for a word nobody knows, and reads no data for no word', () => {
    expect(headwordOf(engine.open, 'qzxv')).toBeUndefined();
    expect(
      headwordOf(() => {
        throw new Error('no data');
      }, ' ... '),
    ).toBeUndefined();
  });
});
