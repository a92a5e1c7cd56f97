'use client';

import { lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { preloadOverlay } from '@/lib/client/overlays';
import { sentenceElements, sentenceSelector } from './article-sentences';

// The bar (audio, settings, analysis, the words as buttons) brings the audio engine, the stored
// config and its schemas: loaded right after hydration rather than with the page, so the page's
// first-load JavaScript stays within its budget. Its place is kept while it loads.
const ArticleBar = lazy(() => import('./article-bar').then((m) => ({ default: m.ArticleBar })));
const barPlace = <div aria-hidden className="h-12" />;
// The word under the pointer and its lookup (the tokenizer, the lookup's context): fetched when
// the pointer first comes over the text, so it is there by the time of the click.
const loadWords = () => import('./article-words');

/**
 * The reading page's client island. The text is the server's HTML (children); this listens on it
 * instead of re-rendering it, so a long book costs no hydration of its words: a click finds the
 * word under the pointer and its sentence (the span), and opens the contextual dictionary's panel
 * with that sentence as context. The bar below works on the chosen sentence.
 */
export function ArticleReader({
  from,
  listId,
  shelf,
  children,
}: {
  from: string;
  listId: string;
  /** 加入书架 for the library document read here (a personal book is on the shelf already). */
  shelf?: ReactNode;
  children: ReactNode;
}) {
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
    const { clientX, clientY } = event;
    void loadWords().then((words) => words.lookUpWordAt(span, clientX, clientY, from));
  };

  const preload = () => {
    preloadOverlay('wordTranslation');
    void loadWords();
  };

  return (
    <div data-testid="article-reader" data-ready={ready || undefined} className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard looks words up through the bar's 逐词查词 (ClickableText) */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: one listener for every word of the text, not a control of its own */}
      <div ref={root} onClick={onClick} onPointerOver={preload} className="cursor-text">
        {children}
      </div>
      {/* Rendered only in the browser (after hydration): the server's HTML keeps its place. */}
      {ready ? (
        <Suspense fallback={barPlace}>
          <ArticleBar from={from} listId={listId} shelf={shelf} spans={spans} current={current} onChoose={setCurrent} />
        </Suspense>
      ) : (
        barPlace
      )}
    </div>
  );
}
