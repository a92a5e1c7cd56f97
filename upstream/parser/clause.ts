import type { Parse } from './link-grammar';

/**
 * The part of a long sentence worth parsing for one of its words. Link Grammar's time grows fast
 * with a sentence's length, and a long sentence from a novel ("He had, very soon after their
 * engagement ceased, got employ: and all that he had told her would follow, had taken place.")
 * often gets no complete linkage at all. What decides a word's role lies in its own clause, so a
 * sentence longer than `maxWords` is cut at its clause boundaries — a semicolon, a colon, a dash,
 * or a comma before and, but, or, so, yet — and only the piece holding the word is parsed.
 */
export interface SentencePiece {
  text: string;
  /** Where the piece starts in the sentence. */
  from: number;
}

const hardBoundary = /\s*(?:[;:]|\s[—–]\s|\s--\s)\s*/g;
const softBoundary = /,\s+(?:and|but|or|so|yet)\s+/gi;
const wordsOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;

export function clauseAround(sentence: string, start: number, end: number, maxWords = 20, minWords = 4): SentencePiece {
  const whole = { text: sentence, from: 0 };
  if (wordsOf(sentence) <= maxWords) return whole;
  let from = 0;
  let to = sentence.length;
  for (const boundary of [hardBoundary, softBoundary]) {
    for (const m of sentence.matchAll(boundary)) {
      const cutStart = m.index;
      const cutEnd = m.index + m[0].length;
      if (cutEnd <= start && cutEnd > from) from = cutEnd;
      if (cutStart >= end && cutStart < to) to = cutStart;
    }
  }
  const text = sentence.slice(from, to);
  return wordsOf(text) >= minWords ? { text, from } : whole;
}

/** Parses the piece of `sentence` around the target (start..end); the parse says where it starts. */
export async function parseAround(
  parser: { parse(text: string): Promise<Parse> },
  sentence: { text: string; start: number; end: number },
): Promise<Parse> {
  const piece = clauseAround(sentence.text, sentence.start, sentence.end);
  const parse = await parser.parse(piece.text);
  return piece.from === 0 ? parse : { ...parse, from: piece.from };
}
