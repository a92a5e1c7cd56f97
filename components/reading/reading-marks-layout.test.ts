import { describe, expect, it } from 'vitest';
import { layOutSentences, locateOffset } from './reading-marks-layout';

describe('a reading page’s sentences as one text', () => {
  const sentences = [
    { text: 'It rained.', paragraph: 'p1' },
    { text: 'We stayed in.', paragraph: 'p1' },
    { text: 'Then the sun came out.', paragraph: 'p2' },
  ];
  const layout = layOutSentences(sentences);

  it('joins a paragraph’s sentences by a space and paragraphs by a blank line', () => {
    expect(layout.text).toBe('It rained. We stayed in.\n\nThen the sun came out.');
    const again = sentences.map((_, i) => layout.text.slice(layout.starts[i], layout.starts[i] + layout.lengths[i]));
    expect(again).toEqual(sentences.map((s) => s.text));
  });

  it('finds the sentence and the offset inside it of any word of the text', () => {
    for (const word of ['It', 'rained', 'stayed', 'in', 'Then', 'out']) {
      const start = layout.text.indexOf(word === 'in' ? 'in.' : word);
      const end = start + word.length;
      const from = locateOffset(layout, start);
      const to = locateOffset(layout, end, 'end');
      expect(from?.sentence).toBe(to?.sentence);
      const sentence = sentences[from?.sentence ?? -1].text;
      expect(sentence.slice(from?.offset, to?.offset)).toBe(word);
    }
  });

  it('places nothing between sentences, and a sentence’s end belongs to it', () => {
    const gap = layout.text.indexOf('\n');
    expect(locateOffset(layout, gap)).toBeNull();
    expect(locateOffset(layout, gap + 1)).toBeNull();
    expect(locateOffset(layout, layout.starts[1] + layout.lengths[1], 'end')).toEqual({ sentence: 1, offset: 13 });
    expect(locateOffset(layout, layout.starts[1] + layout.lengths[1])).toBeNull();
    expect(locateOffset(layout, layout.text.length, 'end')).toEqual({ sentence: 2, offset: 22 });
    expect(locateOffset(layOutSentences([]), 0)).toBeNull();
  });
});
