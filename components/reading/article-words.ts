import { canHighlight } from '@/lib/client/text-highlights';
import { contextOf, lookUpWord, tokenize, type TextToken, type WordQuery } from '@/lib/client/word-lookup';

/*
 * Finding the word under the pointer in a server-rendered sentence span, and looking it up. Loaded
 * by the reading page on the reader's first pointer over the text, not with the page. The span holds the
 * sentence's text only, so the offset of the caret in its text node is an offset in the sentence,
 * and the lookup's context is that sentence (the library's split, as the upstream made it).
 */

/**
 * The words a caret offset may belong to, nearest first: the word it is inside, and the word
 * ending or starting exactly at it (a click on the right half of a word's last letter puts the
 * caret after it). Indexes into `tokens`.
 */
export function wordsAtOffset(tokens: readonly TextToken[], offset: number): number[] {
  const inside: number[] = [];
  const edge: number[] = [];
  for (const [i, t] of tokens.entries()) {
    if (!t.isWord) continue;
    if (offset > t.start && offset < t.end) inside.push(i);
    else if (offset === t.start || offset === t.end) edge.push(i);
  }
  return [...inside, ...edge];
}

/** The lookup of the word at token `index` of a sentence, with the sentence as its context. */
export function sentenceLookup(sentence: string, tokens: readonly TextToken[], index: number) {
  // The sentence is the context, whole: no second split inside it.
  return contextOf(sentence, index, tokens, [{ start: 0, end: sentence.length }]);
}

interface Caret {
  node: Node;
  offset: number;
}

function caretAt(x: number, y: number): Caret | null {
  const doc = document as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null };
  if (typeof doc.caretPositionFromPoint === 'function') {
    const p = doc.caretPositionFromPoint(x, y);
    return p ? { node: p.offsetNode, offset: p.offset } : null;
  }
  const r = doc.caretRangeFromPoint?.(x, y);
  return r ? { node: r.startContainer, offset: r.startOffset } : null;
}

/** The word of `span` under the point (viewport coordinates), with its range and lookup; null between words. */
export function wordAtPoint(
  span: HTMLElement,
  x: number,
  y: number,
): { range: Range; context: Pick<WordQuery, 'pre_context' | 'post_context' | 'target_word'> } | null {
  const caret = caretAt(x, y);
  const textNode = span.firstChild;
  if (!caret || !textNode || caret.node !== textNode || textNode.nodeType !== Node.TEXT_NODE) return null;
  const sentence = textNode.textContent ?? '';
  const tokens = tokenize(sentence);
  for (const index of wordsAtOffset(tokens, caret.offset)) {
    const range = document.createRange();
    range.setStart(textNode, tokens[index].start);
    range.setEnd(textNode, tokens[index].end);
    // The caret is only the nearest gap: the word counts when the point is on it.
    const on = Array.from(range.getClientRects()).some(
      (r) => x >= r.left - 1 && x <= r.right + 1 && y >= r.top - 1 && y <= r.bottom + 1,
    );
    if (on) return { range, context: sentenceLookup(sentence, tokens, index) };
  }
  return null;
}

/**
 * A click at (x, y) inside `span`: the word there is marked and looked up in the contextual
 * dictionary's panel, with its sentence as context. Nothing happens between words.
 */
export function lookUpWordAt(span: HTMLElement, x: number, y: number, from: string): void {
  const hit = wordAtPoint(span, x, y);
  if (!hit) return;
  markWord(hit.range);
  const rect = hit.range.getBoundingClientRect();
  lookUpWord({ ...hit.context, from }, { x: rect.x, y: rect.y, width: rect.width, height: rect.height });
}

/** The clicked word, drawn with the CSS Custom Highlight API where there is one (no DOM change). */
function markWord(range: Range) {
  if (canHighlight()) CSS.highlights.set('article-word', new Highlight(range));
}
