import type { DocumentSentence } from '@/lib/contract';
import { sentenceAnchor } from '@/lib/routes/article-routes';

/*
 * A document's text as one HTML string: paragraphs of sentence spans, each span with the
 * sentence's anchor (s-{id}, lib/routes/article-routes.ts, which the chapter links use). A book has thousands of sentences; as React elements each would be
 * rendered, serialised into the page's payload and hydrated one by one, which is what made a long
 * page slow to serve and slow to become interactive. As one string it is written once and
 * hydrated as one element, and the client island reads the spans from the DOM.
 */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]);
}

/**
 * The paragraphs as `<p>` elements of sentence spans separated by a space, one paragraph a line,
 * so that the page's source reads as text (and line-based tools see each paragraph on its own).
 */
export function articleTextHtml(paragraphs: readonly (readonly DocumentSentence[])[]): string {
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => `<p>${p.map((s) => `<span id="${sentenceAnchor(Math.trunc(s.id))}">${escapeHtml(s.text)}</span>`).join(' ')}</p>`)
    .join('\n');
}
