'use client';

import { type ButtonHTMLAttributes, lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { ClickableText } from '@/components/dictionary/clickable-text';
import type { PlayMode } from '@/lib/audio/player';
import { useAudioPlayer } from '@/lib/audio/use-audio-player';
import { useUser } from '@/lib/client/app-state';
import { parseTextLimits } from '@/lib/contract/passage-limits';
import { openOverlay } from '@/lib/client/overlays';
import { useGlobalConfig } from '@/lib/config/use-global-config';
import { configRanges, fitToRange } from '@/lib/config/config-values';
import { useIsNarrowScreen } from '@/lib/client/screen';
import { AnalyseIcon, MarksIcon, MoreIcon, NextIcon, PlayIcon, PreviousIcon, StopIcon, WordsIcon } from './bar-icons';

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
  // The accent, the play mode, the font size (and on a phone 加入书架): behind 更多, so that on a
  // phone the bar is one row and the text keeps the screen (issue 35).
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const narrow = useIsNarrowScreen();
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

  return (
    <section
      aria-label="句子与朗读"
      data-testid="article-bar"
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-1.5 border-t border-slate-200 bg-white/95 px-4 py-1.5 backdrop-blur md:gap-2 md:py-2"
    >
      {(marks !== 'never' || (user && short)) && (
        // One element throughout, so that what the reader turned on stays drawn while the panel is
        // folded away; folded (or never opened, for a logged-in reader) it shows only how much of the
        // text they know and the words waiting for review.
        <div className={marks === 'open' ? 'rounded-lg bg-slate-50 px-3 pt-2' : 'text-xs md:text-sm'}>
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
      {moreOpen && (
        <div
          id={moreId}
          data-testid="article-more"
          className="flex flex-wrap items-center gap-x-5 gap-y-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-ink-soft"
        >
          <label className="flex items-center gap-1.5">
            朗读口音
            <select
              data-testid="article-voice"
              value={voice}
              onChange={(e) => changeVoice(e.target.value as typeof voice)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink"
            >
              <option value="us">美音</option>
              <option value="uk">英音</option>
            </select>
          </label>
          <label className="flex items-center gap-1.5">
            播放模式
            <select
              data-testid="article-play-mode"
              value={settings.mode}
              onChange={(e) => updateConfig('others.playMode', e.target.value as PlayMode)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink"
            >
              {modeNames.map(([mode, name]) => (
                <option key={mode} value={mode}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <FontSizeStepper size={config.display.fontSize} onChange={(size) => updateConfig('display.fontSize', size)} />
          {narrow && shelf}
        </div>
      )}
      <div className="flex items-center gap-1 md:gap-2">
        <BarButton label="上一句" iconOnly icon={<PreviousIcon />} onClick={() => move(-1)} />
        <span className="min-w-10 text-center text-xs text-ink-mute" aria-live="polite" data-testid="article-position">
          第 {chosen + 1} 句
        </span>
        <BarButton label="下一句" iconOnly icon={<NextIcon />} onClick={() => move(1)} />
        <BarButton
          label="分析本句"
          icon={<AnalyseIcon />}
          data-testid="sentence-analysis"
          onClick={() => openOverlay('chatDrawer', { sentence: textOf(chosen), from })}
        />
        <BarButton
          label="逐词查词"
          icon={<WordsIcon />}
          data-testid="sentence-words"
          aria-pressed={wordsOpen}
          onClick={() => setWordsOpen((open) => !open)}
        />
        <BarButton
          label="标注"
          icon={<MarksIcon />}
          data-testid="article-marks"
          aria-expanded={marks === 'open'}
          onClick={() => setMarks((now) => (now === 'open' ? 'folded' : 'open'))}
        />
        {!narrow && shelf}
        <span className="flex-1" />
        {playingIndex >= 0 ? (
          <BarButton label="停止" icon={<StopIcon />} data-testid="article-stop" onClick={stop} />
        ) : (
          <BarButton label="朗读" primary icon={<PlayIcon />} data-testid="article-play" onClick={() => play(chosen)} />
        )}
        <BarButton
          label="更多"
          icon={<MoreIcon />}
          data-testid="article-more-toggle"
          aria-expanded={moreOpen}
          aria-controls={moreOpen ? moreId : undefined}
          onClick={() => setMoreOpen((open) => !open)}
        />
      </div>
      {snapshot.error && (
        <p role="alert" className="text-sm text-red-600">
          朗读失败，请稍后再试。
        </p>
      )}
    </section>
  );
}

/**
 * A button of the bar: an icon, named for screen readers and in a tooltip; from 768 px, where the
 * row has room, the name is written beside it too (except for ‹ and ›).
 */
function BarButton({
  label,
  icon,
  iconOnly = false,
  primary = false,
  ...props
}: { label: string; icon: ReactNode; iconOnly?: boolean; primary?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const tone = primary
    ? 'bg-brand-600 text-white hover:bg-brand-700'
    : 'border border-slate-300 bg-white text-ink hover:bg-slate-50 aria-expanded:border-brand-500 aria-expanded:bg-brand-50 aria-expanded:text-brand-700 aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:text-brand-700';
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${iconOnly ? '' : 'md:px-3'} ${tone}`}
      {...props}
    >
      {icon}
      {!iconOnly && (
        <span aria-hidden className="hidden md:inline">
          {label}
        </span>
      )}
    </button>
  );
}

/** The reading font size (display.fontSize, the same as in the settings), a step at a time. */
function FontSizeStepper({ size, onChange }: { size: number; onChange: (size: number) => void }) {
  const range = configRanges['display.fontSize'];
  const step = (by: number) => onChange(fitToRange(size + by * range.step, range));
  const button =
    'grid size-8 place-items-center rounded-lg border border-slate-300 bg-white font-medium text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and their value, not a form's fieldset
    <div role="group" aria-label="字号" className="flex items-center gap-1.5">
      <span aria-hidden>字号</span>
      <button
        type="button"
        aria-label="减小字号"
        title="减小字号"
        disabled={size <= range.min}
        onClick={() => step(-1)}
        className={button}
      >
        A<span className="text-xs">−</span>
      </button>
      <span data-testid="article-font-size" aria-live="polite" className="w-7 text-center tabular-nums text-ink">
        {size.toFixed(range.precision)}
      </span>
      <button
        type="button"
        aria-label="增大字号"
        title="增大字号"
        disabled={size >= range.max}
        onClick={() => step(1)}
        className={button}
      >
        A<span className="text-xs">+</span>
      </button>
    </div>
  );
}
