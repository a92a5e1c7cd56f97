import { describe, expect, it } from 'vitest';
import { chaptersOf } from './chapters';
import { seedDocuments } from './seed';
import { paragraphSentences } from './text';

// Paragraphs as the reader gets them, numbering the sentences from 1.
function asRead(paragraphs: string[][]) {
  let id = 0;
  return paragraphs.map((p) => p.map((text) => ({ id: ++id, text })));
}
const book = (filename: string) => {
  const seed = seedDocuments().find((s) => s.filename === filename);
  if (!seed) throw new Error(filename);
  return asRead(paragraphSentences(seed.load().text));
};

describe('chapters', () => {
  it('reads labelled headings, with the title beside them, after them, or none', () => {
    const paragraphs = asRead([
      ['CHAPTER I. Down the Rabbit-Hole'],
      ['Alice was beginning to get very tired.'],
      ['CHAPTER II.', 'The Pool of Tears'],
      ['Curiouser and curiouser!'],
      ['Chapter 3'],
      ['Sir Walter Elliot never took up any book but the Baronetage.'],
      ['IV'],
      ['BUSTER BEAR GOES FISHING'],
      ['Buster Bear yawned.'],
    ]);
    expect(chaptersOf(paragraphs)).toEqual([
      { number: 1, title: 'Down the Rabbit-Hole', paragraph: 0, sentence_id: 1 },
      { number: 2, title: 'The Pool of Tears', paragraph: 2, sentence_id: 3 },
      { number: 3, title: 'Chapter 3', paragraph: 4, sentence_id: 6 },
      { number: 4, title: 'BUSTER BEAR GOES FISHING', paragraph: 6, sentence_id: 8 },
    ]);
  });

  it('takes no sentence of the text for a heading', () => {
    const paragraphs = asRead([
      ['Chapter and verse were quoted at length by the old vicar, who never tired of them, and the boys listened.'],
      ['I'],
      ['said nothing at all.'],
      ['Part of the garden was flooded.'],
      ['A short text without headings.'],
    ]);
    expect(chaptersOf(paragraphs)).toEqual([]);
    expect(chaptersOf([])).toEqual([]);
  });

  it('finds the chapters of the shipped books', () => {
    const alice = chaptersOf(book('carroll-alice'));
    expect(alice).toHaveLength(12);
    expect(alice.slice(0, 3).map((c) => c.title)).toEqual([
      'Down the Rabbit-Hole',
      'The Pool of Tears',
      'A Caucus-Race and a Long Tale',
    ]);
    expect(alice.at(-1)?.title).toBe("Alice's Evidence");

    const persuasion = chaptersOf(book('austen-persuasion'));
    expect(persuasion).toHaveLength(24);
    expect(persuasion[23].title).toBe('Chapter 24');

    const buster = chaptersOf(book('burgess-busterbrown'));
    expect(buster[0]).toMatchObject({ number: 1, title: 'BUSTER BEAR GOES FISHING', paragraph: 0, sentence_id: 1 });
    expect(buster.length).toBeGreaterThan(10);
    expect(buster.every((c) => c.title === c.title.toUpperCase())).toBe(true);
  });
});
