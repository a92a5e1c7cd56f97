'use client';

import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ClickableText } from '@/components/dictionary/clickable-text';
import type { PlayMode } from '@/lib/audio/player';
import { useAudioPlayer } from '@/lib/audio/use-audio-player';
import { useUser } from '@/lib/client/app-state';
import { parseTextLimits } from '@/lib/contract/passage-limits';
import { openOverlay } from '@/lib/client/overlays';
import { useGlobalConfig } from '@/lib/config/use-global-config';
import { Button, buttonClass } from '@/components/ui/button';

// The marks (parse_text, the toolbar and the highlights) come with the first opening of 标注.
const ReadingMarks = lazy(() => import('./reading-marks'));

const modeNames: [PlayMode, string][] = [
  ['sequence', '顺序播放'],
  ['single', '单句'],
  ['singleLoop', '单句循环'],
];

export interface ArticleBarProps {
  /** The page's name: the lookups' and the analysis' `from`. */
  from: string;
  /** Names the text's sentences in the audio engine. */
  listId: string;
  /** 加入书架 for the document read here, where it can be shelved (the books feature's button). */
  shelf?: ReactNode;
  /** The sentence spans of the text, in order. */
  spans: () => HTMLElement[];
  /** The chosen sentence (-1: none yet; the bar then works on the first). */
  current: number;
  onChoose: (index: number) => void;
}

/**
 * What the reading page does with a sentence: open its analysis, show its words as buttons (the
 * keyboard's way to look them up), and the audio, sentence by sentence, in the stored mode with
 * the stored repeat count, interval and rate. The sounding sentence is marked and kept in view.
 */
export function ArticleBar({ from, listId, shelf, spans, current, onChoose }: ArticleBarProps) {
  const [wordsOpen, setWordsOpen] = useState(false);
  // Once opened, the marks stay on the text while the panel is folded away.
  const [marks, setMarks] = useState<'never' | 'open' | 'folded'>('never');
  // A logged-in reader sees at once how much of the text they know, and the words waiting for
  // review: on an article or a story (one parse_text); a whole book is parsed when they open 标注.
  const user = useUser();
  const [short, setShort] = useState(false);
  useEffect(() => {
    setShort(spans().reduce((n, span) => n + (span.textContent?.length ?? 0), 0) <= parseTextLimits.maxChars);
  }, [spans]);
  const { snapshot, settings, playSegments, stop } = useAudioPlayer();
  const [config, updateConfig] = useGlobalConfig();
  const voice = config.play.readVoice;
  const playingIndex = snapshot.active?.list?.id === listId ? snapshot.active.list.index : -1;
  const chosen = Math.max(current, 0);
  const textOf = (index: number) => spans()[index]?.textContent ?? '';

  useEffect(() => {
    const all = spans();
    for (const [i, span] of all.entries()) span.toggleAttribute('data-playing', i === playingIndex);
    if (playingIndex >= 0) all[playingIndex]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [spans, playingIndex]);

  // The sound stops when the reader leaves the page.
  useEffect(() => () => stop(), [stop]);

  const play = (start: number, withVoice = voice) => {
    void playSegments(
      spans().map((s) => s.textContent ?? ''),
      { mode: settings.mode, start, listId, voice: withVoice },
    );
  };
  // A sentence tapped (or stepped to) while the text is being read is where the reading goes on.
  const playing = playingIndex >= 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new choice moves the reading, not each sentence it reads
  useEffect(() => {
    if (playing && current >= 0 && current !== playingIndex) play(current);
  }, [current]);
  const changeVoice = (next: typeof voice) => {
    updateConfig('play.readVoice', next);
    if (playing) play(playingIndex, next);
  };
  const move = (by: number) => {
    const next = Math.min(Math.max(chosen + by, 0), spans().length - 1);
    onChoose(next);
    spans()[next]?.scrollIntoView({ block: 'nearest' });
  };

  const button = buttonClass({ tone: 'secondary', size: 'sm' });
  return (
    <section
      aria-label="句子与朗读"
      data-testid="article-bar"
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur"
    >
      {(marks !== 'never' || (user && short)) && (
        // One element throughout, so that what the reader turned on stays drawn while the panel is
        // folded away; folded (or never opened, for a logged-in reader) it shows only how much of the
        // text they know and the words waiting for review.
        <div className={marks === 'open' ? 'rounded-lg bg-slate-50 px-3 pt-2' : ''}>
          <Suspense fallback={marks === 'open' ? <p className="pb-2 text-sm text-ink-mute">正在加载标注…</p> : null}>
            <ReadingMarks key={listId} spans={spans} compact={marks !== 'open'} />
          </Suspense>
        </div>
      )}
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
        <button
          type="button"
          data-testid="article-marks"
          aria-expanded={marks === 'open'}
          className={button}
          onClick={() => setMarks((now) => (now === 'open' ? 'folded' : 'open'))}
        >
          标注
        </button>
        {shelf}
        <span className="flex-1" />
        {playingIndex >= 0 ? (
          <button type="button" data-testid="article-stop" className={button} onClick={stop}>
            停止
          </button>
        ) : (
          <Button size="sm" data-testid="article-play" onClick={() => play(chosen)}>
            朗读
          </Button>
        )}
        <label className="flex items-center gap-1 text-sm text-ink-soft">
          <span className="sr-only">朗读口音</span>
          <select
            data-testid="article-voice"
            value={voice}
            onChange={(e) => changeVoice(e.target.value as typeof voice)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="us">美音</option>
            <option value="uk">英音</option>
          </select>
        </label>
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
  );
}
