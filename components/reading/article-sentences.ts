/*
 * The sentences of a reading page's server-rendered text: each is a span with the library's id in
 * a paragraph. Kept apart from the word logic (article-words.ts), which the page loads later.
 */

/** Sentence spans are the spans of the text's paragraphs that have an id. */
export const sentenceSelector = 'p > span[id]';

/** The sentence spans of a reading page's text, in reading order. */
export function sentenceElements(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(sentenceSelector));
}
