/**
 * Splits a text into sentence segments for playback one by one (get_text_audio_segments).
 *
 * Sentences are the shared ones (lib/text/sentences.ts): abbreviations, initials, decimals,
 * quotes, ellipses, Chinese stops and line breaks are handled there. What is speech's own: a
 * sentence too long to be one sensible request is cut at its clause marks (, ; : and their CJK
 * forms, dashes), then between words, and white space inside a segment is collapsed.
 */

import { splitSentences } from '../../lib/text/sentences';

export interface Segment {
  index: number;
  text: string;
}

/** Longest segment before it is cut at clause marks. */
export const MAX_SEGMENT_CHARS = 240;

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);
const hasWordChar = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The text's sentence segments, empty and punctuation-only ones dropped, numbered from 0. */
export function splitSegments(text: string, maxChars = MAX_SEGMENT_CHARS): Segment[] {
  return (
    splitSentences(text.normalize('NFC'))
      // Hard-wrapped lines stay in their sentence; the line breaks must not count towards its length.
      .map((s) => s.replace(/\s+/gu, ' '))
      .flatMap((sentence) => capLength(sentence, maxChars))
      .filter(hasWordChar)
      .map((s, index) => ({ index, text: s }))
  );
}

/** A sentence cut into pieces of at most maxChars: at clause marks first, then between words. */
function capLength(sentence: string, maxChars: number): string[] {
  const trimmed = sentence.trim();
  if (trimmed.length <= maxChars) return [trimmed];
  const clauses = trimmed.split(/(?<=[,;:，；：、—–])\s*/u).filter(Boolean);
  return pack(
    clauses.flatMap((clause) => (clause.length <= maxChars ? [clause] : splitWords(clause, maxChars))),
    maxChars,
  );
}

function splitWords(clause: string, maxChars: number): string[] {
  const words = clause.split(/(?<=\s)/u);
  const pieces: string[] = [];
  for (const word of words) {
    // A run with no spaces (Chinese text, a long URL) is cut where it must be.
    for (let at = 0; at < word.length; at += maxChars) pieces.push(word.slice(at, at + maxChars));
  }
  return pack(pieces, maxChars);
}

/** Joins consecutive pieces while they fit, so a cut sentence has as few parts as it can. */
function pack(pieces: string[], maxChars: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current === '' ? piece : joinPieces(current, piece);
    if (joined.length <= maxChars) current = joined;
    else {
      if (current) out.push(current);
      current = piece;
    }
  }
  if (current) out.push(current);
  return out.map((s) => s.trim());
}

function joinPieces(a: string, b: string): string {
  // CJK clause marks carry no space after them; Latin ones do.
  if (isSpace(a.at(-1)) || /[，；：、]$/u.test(a)) return a + b;
  return `${a} ${b}`;
}
