'use client';

import dynamic from 'next/dynamic';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { preloadOverlay } from '@/lib/client/overlays';
import { lookUpWord } from '@/lib/client/word-lookup';
import { sentenceElements, sentenceSelector, wordAtPoint } from './article-words';

// The bar (audio, settings, analysis, the words as buttons) brings the audio engine, the stored
// config and its schemas: loaded right after hydration rather than with the page, so the page's
// first-load JavaScript stays within its budget. Its place is kept while it loads.
const ArticleBar = dynamic(() => import('./article-bar').then((m) => m.ArticleBar), {
  ssr: false,
  loading: () => <div aria-hidden className="h-12" />,
});

/**
 * The reading page's client island. The text is the server's HTML (children); this listens on it
 * instead of re-rendering it, so a long book costs no hydration of its words: a click finds the
 * word under the pointer and its sentence (the span), and opens the contextual dictionary's panel
 * with that sentence as context. The bar below works on the chosen sentence.
 */
export function ArticleReader({ from, listId, children }: { from: string; listId: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(-1);
  const [ready, setReady] = useState(false);
  const spans = useCallback(() => (root.current ? sentenceElements(root.current) : []), []);

  useEffect(() => setReady(true), []);

  // The chosen sentence is marked on the server's span (an attribute only: the text itself is
  // never touched).
  useEffect(() => {
    for (const [i, span] of spans().entries()) span.toggleAttribute('data-current', i === current);
  }, [spans, current]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const span = (event.target as Element).closest<HTMLElement>(sentenceSelector);
    if (!span || !root.current?.contains(span)) return;
    // A selection being made is not a click on a word.
    if (!window.getSelection()?.isCollapsed) return;
    setCurrent(spans().indexOf(span));
    const hit = wordAtPoint(span, event.clientX, event.clientY);
    if (!hit) return;
    markWord(hit.range);
    const rect = hit.range.getBoundingClientRect();
    lookUpWord({ ...hit.context, from }, { x: rect.x, y: rect.y, width: rect.width, height: rect.height });
  };

  return (
    <div data-testid="article-reader" data-ready={ready || undefined} className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard looks words up through the bar's 逐词查词 (ClickableText) */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: one listener for every word of the text, not a control of its own */}
      <div ref={root} onClick={onClick} onPointerOver={() => preloadOverlay('wordTranslation')} className="cursor-text">
        {children}
      </div>
      <ArticleBar from={from} listId={listId} spans={spans} current={current} onChoose={setCurrent} />
    </div>
  );
}

/** The clicked word, drawn with the CSS Custom Highlight API where there is one (no DOM change). */
function markWord(range: Range) {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') return;
  CSS.highlights.set('article-word', new Highlight(range));
}
