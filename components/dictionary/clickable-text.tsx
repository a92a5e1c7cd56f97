'use client';

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { preloadOverlay } from '@/lib/client/overlays';
import { contextOf, findWord, lookUpWord, sentenceRanges, tokenize } from '@/lib/client/word-lookup';

export interface AutoLookup {
  target?: string;
  /** The index-th word (from 0), preferred when it is the target. */
  index?: number;
}

/**
 * A text as clickable words with its punctuation and line breaks kept (spec: /ContextualDict).
 * A click, Enter or Space looks the word up with its sentence as context. One word is in the Tab
 * order at a time (roving tabindex): arrow keys left and right move by word, up and down by
 * visual line, Home and End to the first and last word. The panel opens beside the word; Escape
 * closes it, and focus comes back to the word.
 */
export function ClickableText({
  text,
  from,
  autoLookup,
  marks,
}: {
  text: string;
  from: string;
  autoLookup?: AutoLookup;
  /** Marks drawn on tokens (index into tokenize(text)) as `data-marks`, e.g. "exam strange" (components/passage/passage-marks.tsx). */
  marks?: ReadonlyMap<number, string>;
}) {
  const tokens = useMemo(() => tokenize(text), [text]);
  const ranges = useMemo(() => sentenceRanges(text), [text]);
  const wordIndexes = useMemo(() => tokens.flatMap((t, i) => (t.isWord ? [i] : [])), [tokens]);
  const [current, setCurrent] = useState<number>(-1);
  const [looked, setLooked] = useState<ReadonlySet<number>>(() => new Set());
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  const lookUp = (index: number) => {
    // The word query takes words up to 200 characters; a longer run of letters is not a word.
    if (tokens[index].text.length > 200) return;
    setCurrent(index);
    setLooked((s) => (s.has(index) ? s : new Set(s).add(index)));
    lookUpWord({ ...contextOf(text, index, tokens, ranges), from }, buttons.current.get(index));
  };

  // The native app and links name a word to look up at once; only once per text.
  const autoDone = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per text, by design (below)
  useEffect(() => {
    if (!autoLookup || autoDone.current === text) return;
    autoDone.current = text;
    const index = findWord(tokens, autoLookup.target, autoLookup.index);
    if (index < 0) return;
    // Focus first, so that closing the panel returns focus to the word.
    buttons.current.get(index)?.focus();
    lookUp(index);
    // Once per text, by design: `lookUp` and `tokens` follow `text`.
  }, [text, autoLookup]);

  const focusWord = (index: number | undefined) => {
    if (index === undefined) return;
    const button = buttons.current.get(index);
    button?.focus();
    button?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const at = wordIndexes.indexOf(current);
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = wordIndexes[at < 0 ? 0 : Math.min(at + 1, wordIndexes.length - 1)];
        break;
      case 'ArrowLeft':
        next = wordIndexes[at < 0 ? 0 : Math.max(at - 1, 0)];
        break;
      case 'ArrowDown':
      case 'ArrowUp':
        next = wordOnNextLine(current, event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Home':
        next = wordIndexes[0];
        break;
      case 'End':
        next = wordIndexes.at(-1);
        break;
      default:
        return;
    }
    event.preventDefault();
    focusWord(next);
  };

  // The word on the line below (or above) whose centre is nearest horizontally.
  const wordOnNextLine = (from: number, direction: 1 | -1): number | undefined => {
    const origin = buttons.current.get(from)?.getBoundingClientRect();
    if (!origin) return wordIndexes[0];
    const originX = origin.left + origin.width / 2;
    let bestLine: number | null = null;
    let best: { index: number; dx: number } | undefined;
    for (const index of wordIndexes) {
      const rect = buttons.current.get(index)?.getBoundingClientRect();
      if (!rect) continue;
      const beyond = direction === 1 ? rect.top >= origin.bottom - 2 : rect.bottom <= origin.top + 2;
      if (!beyond) continue;
      const lineTop = Math.round(rect.top);
      const closer = bestLine === null || (direction === 1 ? lineTop < bestLine - 2 : lineTop > bestLine + 2);
      const sameLine = bestLine !== null && Math.abs(lineTop - bestLine) <= 2;
      const dx = Math.abs(rect.left + rect.width / 2 - originX);
      if (closer) {
        bestLine = lineTop;
        best = { index, dx };
      } else if (sameLine && best && dx < best.dx) {
        best = { index, dx };
      }
    }
    return best?.index ?? from;
  };

  const tabStop = current >= 0 ? current : wordIndexes[0];
  // Reading mode is where every click opens the word panel: fetch its code once the reader
  // reaches for a word, not with the page.
  const preloadPanel = () => preloadOverlay('wordTranslation');

  return (
    // biome-ignore lint/a11y/useSemanticElements: running text whose words are buttons; a fieldset would change how it wraps
    <div
      data-testid="clickable-text"
      role="group"
      aria-label="英文原文：点击单词查看它在句中的意思"
      lang="en"
      onKeyDown={onKeyDown}
      onPointerOver={preloadPanel}
      onFocus={preloadPanel}
      className="reading-text whitespace-pre-wrap break-words leading-[1.9] text-ink"
    >
      {tokens.map((token, i) =>
        token.isWord ? (
          <button
            key={i}
            ref={(el) => {
              if (el) buttons.current.set(i, el);
              else buttons.current.delete(i);
            }}
            type="button"
            data-testid="word"
            data-current={i === current || undefined}
            data-marks={marks?.get(i)}
            tabIndex={i === tabStop ? 0 : -1}
            onFocus={() => setCurrent(i)}
            onClick={() => lookUp(i)}
            className={`inline cursor-pointer rounded-[3px] px-px align-baseline transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
              i === current ? 'bg-amber-200 text-ink' : 'hover:bg-brand-50 hover:text-brand-700'
            } ${looked.has(i) ? 'underline decoration-brand-500 decoration-dotted decoration-2 underline-offset-4' : ''}`}
          >
            {token.text}
          </button>
        ) : (
          <span key={i} data-marks={marks?.get(i)}>
            {token.text}
          </span>
        ),
      )}
    </div>
  );
}
