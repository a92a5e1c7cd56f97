/*
 * A reading page's sentences as the one text parse_text reads (components/reading/reading-marks.tsx):
 * the sentences of a paragraph joined by a space, paragraphs by a blank line, and the way back
 * from an offset in that text to a sentence and an offset in it, to draw a word's mark on the
 * page's own text.
 */

export interface SentenceLayout {
  text: string;
  /** Where each sentence starts in `text`. */
  starts: number[];
  /** Each sentence's length. */
  lengths: number[];
}

export function layOutSentences(sentences: readonly { text: string; paragraph: unknown }[]): SentenceLayout {
  let text = '';
  const starts: number[] = [];
  sentences.forEach((sentence, i) => {
    if (i > 0) text += sentence.paragraph === sentences[i - 1].paragraph ? ' ' : '\n\n';
    starts.push(text.length);
    text += sentence.text;
  });
  return { text, starts, lengths: sentences.map((s) => s.text.length) };
}

/**
 * The sentence an offset of the text falls in, and the offset inside it; null for an offset
 * between sentences. `edge: 'end'` reads the offset as the end of a range (a sentence's end
 * belongs to it, not to the gap after it).
 */
export function locateOffset(
  layout: Pick<SentenceLayout, 'starts' | 'lengths'>,
  offset: number,
  edge: 'start' | 'end' = 'start',
): { sentence: number; offset: number } | null {
  const { starts, lengths } = layout;
  // The last sentence starting at or before the offset (before it, for an end).
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (edge === 'end' ? starts[mid] < offset : starts[mid] <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (found < 0) return null;
  const inside = offset - starts[found];
  return inside <= lengths[found] && !(edge === 'start' && inside === lengths[found])
    ? { sentence: found, offset: inside }
    : null;
}
