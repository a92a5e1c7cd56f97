/**
 * Splits a text into sentence segments for playback one by one (get_text_audio_segments).
 *
 * Sentences are the shared ones (lib/text/sentences.ts): abbreviations, initials, decimals,
 * quotes, ellipses, Chinese stops and line breaks are handled there. What is speech's own: a
 * sentence too long to be one sensible request is cut at its clause marks, then between words
 * (lib/text/speech-pieces.ts, which the browser's player uses too), and white space inside a
 * segment is collapsed.
 */

import { splitSentences } from '../../lib/text/sentences';
import { speechPieces } from '../../lib/text/speech-pieces';

export interface Segment {
  index: number;
  text: string;
}

/** Longest segment before it is cut at clause marks. */
export const MAX_SEGMENT_CHARS = 240;

const hasWordChar = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The text's sentence segments, empty and punctuation-only ones dropped, numbered from 0. */
export function splitSegments(text: string, maxChars = MAX_SEGMENT_CHARS): Segment[] {
  return (
    splitSentences(text.normalize('NFC'))
      // Hard-wrapped lines stay in their sentence (speechPieces collapses their line breaks, which
      // must not count towards its length).
      .flatMap((sentence) => speechPieces(sentence, maxChars))
      .filter(hasWordChar)
      .map((s, index) => ({ index, text: s }))
  );
}
