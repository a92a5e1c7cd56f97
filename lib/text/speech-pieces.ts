/**
 * A sentence too long to be spoken in one request, cut into pieces that are not. Shared by the
 * upstream's speech segments (upstream/audio/segments.ts) and the browser's audio engine
 * (lib/audio/player.ts), which reads a long sentence of a book in pieces, so that both cut alike.
 * Pure string code: it runs in the browser and in the upstream.
 *
 * The cut is made at clause marks first (, ; : and their CJK forms, dashes), where a reader pauses
 * anyway, then between words; a run with no spaces (Chinese text, a long URL) is cut where it
 * must be. Consecutive pieces are joined again while they fit, so a sentence has as few parts as
 * it can. White space inside a piece is collapsed.
 */

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);

/** The sentence in pieces of at most maxChars (one piece when it fits), white space collapsed. */
export function speechPieces(sentence: string, maxChars: number): string[] {
  const trimmed = sentence.replace(/\s+/gu, ' ').trim();
  if (trimmed.length <= maxChars) return trimmed ? [trimmed] : [];
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
    for (let at = 0; at < word.length; at += maxChars) pieces.push(word.slice(at, at + maxChars));
  }
  return pack(pieces, maxChars);
}

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
  return out.map((s) => s.trim()).filter(Boolean);
}

function joinPieces(a: string, b: string): string {
  // CJK clause marks carry no space after them; Latin ones do.
  if (isSpace(a.at(-1)) || /[，；：、]$/u.test(a)) return a + b;
  return `${a} ${b}`;
}
