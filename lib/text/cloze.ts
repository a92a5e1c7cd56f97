import { sentenceRanges } from './sentences';

/** The most context shown on either side of the word: a card asks with a sentence, not a page. */
const maxSide = 240;

export interface Cloze {
  /** The sentence before the word, after it, and the whole sentence (for reading it aloud). */
  before: string;
  word: string;
  after: string;
  sentence: string;
}

/**
 * The sentence a review card asks with (in /review and in an Anki export): of the context
 * stored with the word, only the sentence(s) the word is in, at most 240 characters either
 * side (cut at a space, with an ellipsis).
 */
export function clozeOf(s: { pre_context: string; word: string; post_context: string }): Cloze {
  const text = `${s.pre_context}${s.word}${s.post_context}`;
  const start = s.pre_context.length;
  const end = start + s.word.length;
  const around = sentenceRanges(text).filter((r) => r.end > start && r.start < end);
  const from = around.length ? Math.min(...around.map((r) => r.start)) : 0;
  const to = around.length ? Math.max(...around.map((r) => r.end)) : text.length;
  let before = text.slice(from, start).replace(/^\s+/, '');
  let after = text.slice(end, to).replace(/\s+$/, '');
  if (before.length > maxSide) before = `…${before.slice(before.indexOf(' ', before.length - maxSide) + 1)}`;
  if (after.length > maxSide) after = `${after.slice(0, after.lastIndexOf(' ', maxSide))}…`;
  const sentence = `${before}${s.word}${after}`.replace(/…/g, ' ').replace(/\s+/g, ' ').trim();
  return { before, word: s.word, after, sentence };
}
