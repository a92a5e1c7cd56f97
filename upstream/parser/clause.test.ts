import { describe, expect, it } from 'vitest';
import { clauseAround, parseAround } from './clause';
import type { Parse } from './link-grammar';

const around = (sentence: string, target: string, maxWords?: number) => {
  const start = sentence.indexOf(target);
  return clauseAround(sentence, start, start + target.length, maxWords);
};

describe('the piece of a long sentence parsed for one word', () => {
  const long =
    'He had, very soon after their engagement ceased, got employ: and all that he had told her would follow, had taken place.';

  it('keeps a short sentence whole', () => {
    expect(around('The plane took off at noon.', 'took')).toEqual({ text: 'The plane took off at noon.', from: 0 });
  });

  it('cuts a long sentence at the clause boundaries around the word', () => {
    const piece = around(long, 'taken');
    expect(piece.text).toBe('and all that he had told her would follow, had taken place.');
    expect(long.slice(piece.from, piece.from + piece.text.length)).toBe(piece.text);
    const coordinated =
      'On the way to the airport our car broke down in the middle of the road, and we had to call a taxi in the pouring rain.';
    expect(around(coordinated, 'taxi').text).toBe('we had to call a taxi in the pouring rain.');
    expect(around(coordinated, 'broke').text).toBe('On the way to the airport our car broke down in the middle of the road');
  });

  it('keeps the sentence whole rather than parse a scrap of it', () => {
    const s = 'Yes: the committee that met on Monday decided, after a very long and difficult debate, to table the proposal.';
    expect(around(s, 'Yes', 10)).toEqual({ text: s, from: 0 });
  });

  it('hands the parse where its piece starts', async () => {
    const seen: string[] = [];
    const parser = {
      parse: async (text: string) => {
        seen.push(text);
        return { words: [], subscripts: [], unknown: [], links: [], tree: { label: 'S', children: [] } } as Parse;
      },
    };
    const start = long.indexOf('taken');
    const parse = await parseAround(parser, { text: long, start, end: start + 5 });
    expect(seen).toEqual(['and all that he had told her would follow, had taken place.']);
    expect(parse.from).toBe(long.indexOf('and all'));
  });
});
