'use client';

import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ClickableText } from '@/components/dictionary/clickable-text';
import { useAudioPlayer } from '@/lib/audio/use-audio-player';
import type { PlayMode } from '@/lib/audio/player';
import { useGlobalConfig } from '@/lib/config/use-global-config';
import { openOverlay, preloadOverlay } from '@/lib/client/overlays';
import { lookUpWord } from '@/lib/client/word-lookup';
import { sentenceElements, sentenceSelector, wordAtPoint } from './article-words';

const modeNames: [PlayMode, string][] = [
  ['sequence', '顺序播放'],
  ['single', '单句'],
  ['singleLoop', '单句循环'],
];

/**
 * The reading page's client island. The text is the server's HTML (children); this listens on it
 * instead of re-rendering it, so a long book costs no hydration of its words: a click finds the
 * word under the pointer and its sentence (the span), and opens the contextual dictionary's panel
 * with that sentence as context. The bar below works on the chosen sentence: its analysis, its
 * words as buttons (the keyboard's way to look them up), and the audio, sentence by sentence in
 * the stored mode, with the stored repeat count, interval and rate.
 */
export function ArticleReader({ from, listId, children }: { from: string; listId: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(-1);
  const [wordsOpen, setWordsOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const { snapshot, settings, playSegments, stop } = useAudioPlayer();
  const [, updateConfig] = useGlobalConfig();

  const spans = useCallback(() => (root.current ? sentenceElements(root.current) : []), []);
  const textOf = (index: number) => spans()[index]?.textContent ?? '';
  const playingIndex = snapshot.active?.list?.id === listId ? snapshot.active.list.index : -1;
  const chosen = Math.max(current, 0);

  useEffect(() => setReady(true), []);

  // The chosen and the sounding sentence are marked on the server's spans (attributes only: the
  // text itself is never touched), and the sounding one is kept in view.
  useEffect(() => {
    const all = spans();
    for (const [i, span] of all.entries()) {
      span.toggleAttribute('data-current', i === current);
      span.toggleAttribute('data-playing', i === playingIndex);
    }
    if (playingIndex >= 0) all[playingIndex]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [spans, current, playingIndex]);

  // Stop the sound when the reader leaves the page.
  useEffect(() => () => stop(), [stop]);

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

  const play = (start: number, mode: PlayMode = settings.mode) => {
    const texts = spans().map((s) => s.textContent ?? '');
    void playSegments(texts, { mode, start, listId });
  };
  const move = (by: number) => {
    const next = Math.min(Math.max(chosen + by, 0), spans().length - 1);
    setCurrent(next);
    spans()[next]?.scrollIntoView({ block: 'nearest' });
  };

  const button =
    'rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-ink-soft hover:bg-slate-50 disabled:opacity-50';
  return (
    <div data-testid="article-reader" data-ready={ready || undefined} className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard looks words up through the bar's 逐词查词 (ClickableText) */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: one listener for every word of the text, not a control of its own */}
      <div ref={root} onClick={onClick} onPointerOver={() => preloadOverlay('wordTranslation')} className="cursor-text">
        {children}
      </div>
      <section
        aria-label="句子与朗读"
        data-testid="article-bar"
        className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur"
      >
        {wordsOpen && (
          <div data-testid="article-words" className="max-h-40 overflow-y-auto rounded-lg bg-slate-50 px-3 py-2">
            <ClickableText text={textOf(chosen)} from={from} />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-ink-mute" aria-live="polite" data-testid="article-position">
            第 {chosen + 1} 句
          </span>
          <button type="button" className={button} onClick={() => move(-1)} aria-label="上一句">
            ‹
          </button>
          <button type="button" className={button} onClick={() => move(1)} aria-label="下一句">
            ›
          </button>
          <button
            type="button"
            data-testid="sentence-analysis"
            className={button}
            onClick={() => openOverlay('chatDrawer', { sentence: textOf(chosen), from })}
          >
            分析本句
          </button>
          <button
            type="button"
            data-testid="sentence-words"
            aria-pressed={wordsOpen}
            className={button}
            onClick={() => setWordsOpen((open) => !open)}
          >
            逐词查词
          </button>
          <span className="flex-1" />
          {playingIndex >= 0 ? (
            <button type="button" data-testid="article-stop" className={button} onClick={stop}>
              停止
            </button>
          ) : (
            <button
              type="button"
              data-testid="article-play"
              className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
              onClick={() => play(chosen)}
            >
              朗读
            </button>
          )}
          <label className="flex items-center gap-1 text-sm text-ink-soft">
            <span className="sr-only">播放模式</span>
            <select
              data-testid="article-play-mode"
              value={settings.mode}
              onChange={(e) => updateConfig('others.playMode', e.target.value as PlayMode)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {modeNames.map(([mode, name]) => (
                <option key={mode} value={mode}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {snapshot.error && (
          <p role="alert" className="text-sm text-red-600">
            朗读失败，请稍后再试。
          </p>
        )}
      </section>
    </div>
  );
}

/** The clicked word, drawn with the CSS Custom Highlight API where there is one (no DOM change). */
function markWord(range: Range) {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') return;
  CSS.highlights.set('article-word', new Highlight(range));
}
