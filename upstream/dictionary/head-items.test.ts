import { describe, expect, it } from 'vitest';
import { createEngineContext } from './engine-data';
import { headItems } from './head-items';
import { tagContext } from './tagger';

const engine = createEngineContext();

/** "a [three-story] building" → the sentence tagged, the target marked. */
function tagged(marked: string) {
  const m = /^(.*)\[(.*)\](.*)$/.exec(marked)!;
  return tagContext(m[1], m[2], m[3]);
}

describe("the items of a compound's head", () => {
  it('answers a hyphenated word by its last part, each gloss titled with the word as written', () => {
    const story = headItems(engine, 'three-story', tagged('The top floor of a [three-story] building.'));
    expect(story.map((i) => i.lemma)).toEqual(['story']);
    expect(story[0].gloss[0].sense_id).toMatch(/^story%1/);
    expect(story[0].gloss.every((g) => g.phrase_title === 'three-story')).toBe(true);
    expect(headItems(engine, 'low-income', tagged('Aimed at [low-income] families.')).map((i) => i.lemma)).toEqual(['income']);
  });

  it('answers a selection of words by its last noun, else its first verb', () => {
    const cats = headItems(engine, 'grey cats', tagged('The [grey cats] slept all day.'));
    expect(cats[0].lemma).toBe('cat');
    expect(cats[0].gloss[0].phrase_title).toBe('grey cats');
    expect(headItems(engine, 'ran quickly', tagged('He [ran quickly] home.'))[0].lemma).toBe('run');
  });

  it('is nothing where the head is no word either', () => {
    expect(headItems(engine, 'qzxv wxqz', tagged('I saw [qzxv wxqz] today.'))).toEqual([]);
    expect(headItems(engine, 'qzxv-wxqz', tagged('I saw a [qzxv-wxqz] today.'))).toEqual([]);
  });
});
