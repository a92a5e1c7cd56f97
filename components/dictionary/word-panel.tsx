'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIsNarrowScreen } from '@/components/settings/use-is-narrow-screen';
import { DialogCloseButton } from '@/components/ui/sheet';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useOverlays } from '@/lib/client/use-overlays';
import { closeWordPanel, wordQueryKey, wordQueryOf, type WordQuery } from '@/lib/client/word-lookup';
import type { TranslationItem } from '@/lib/contract';
import { LemmaEntry } from './lemma-entry';
import { WordQueryRefused, useWordQuery } from './use-word-query';
import { createTabReset, isWordNotFound, notFoundMessage } from './word-entry';

const frames = {
  popup:
    'left-1/2 top-1/2 max-h-[min(82vh,48rem)] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 rounded-2xl transition duration-150 starting:scale-95 starting:opacity-0',
  drawer:
    'inset-x-0 bottom-0 max-h-[85vh] rounded-t-2xl pb-[env(safe-area-inset-bottom)] transition-transform duration-300 ease-out starting:translate-y-full',
} as const;

const sameQuery = (a: WordQuery | null, b: WordQuery | null) =>
  a === b || (!!a && !!b && JSON.stringify(wordQueryKey(a)) === JSON.stringify(wordQueryKey(b)));

/**
 * The shell's word translation overlay (spec section 2): a popup on screens 768 px and wider, a
 * bottom drawer below, opened by lookUpWord(). Radix gives the focus trap, Escape, the scroll
 * lock and focus return to the word. The last word stays rendered while the panel closes, and
 * the tab goes back to the first one 500 ms later (spec section 9).
 */
export function WordPanel() {
  const narrow = useIsNarrowScreen();
  const layout = narrow ? 'drawer' : 'popup';
  const returnFocus = useReturnFocus();
  const query = wordQueryOf(useOverlays().wordTranslation?.payload);
  const open = query !== null;

  const [shown, setShown] = useState<WordQuery | null>(null);
  const [tab, setTab] = useState(0);
  // A new word opens on its first tab at once (state adjusted while rendering, not in an effect).
  if (query && !sameQuery(query, shown)) {
    setShown(query);
    setTab(0);
  }

  const tabReset = useRef<ReturnType<typeof createTabReset>>(null);
  useEffect(() => {
    const reset = createTabReset(() => setTab(0));
    tabReset.current = reset;
    return reset.dispose;
  }, []);
  useEffect(() => {
    if (open) tabReset.current?.opened();
    else tabReset.current?.closed();
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && closeWordPanel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/30 transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          data-testid="word-panel"
          data-layout={layout}
          {...returnFocus}
          className={`fixed z-50 flex flex-col overflow-hidden bg-white text-ink shadow-2xl outline-none motion-reduce:transition-none ${frames[layout]}`}
        >
          {narrow && <div aria-hidden className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-slate-300" />}
          {shown && <WordPanelBody query={shown} tab={tab} onTab={setTab} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function WordPanelBody({ query, tab, onTab }: { query: WordQuery; tab: number; onTab: (tab: number) => void }) {
  const result = useWordQuery(query);
  return (
    <>
      <header className="flex shrink-0 items-start gap-3 border-b border-slate-200 px-5 pb-3 pt-3 md:pt-4">
        <div className="min-w-0 flex-1">
          <Dialog.Title lang="en" data-testid="word-panel-title" className="break-words text-2xl font-semibold">
            {query.target_word}
          </Dialog.Title>
          <Dialog.Description data-testid="word-panel-context" className="mt-1 line-clamp-2 text-sm text-ink-mute">
            <span lang="en">
              {query.pre_context}
              <mark className="rounded bg-amber-100 px-0.5 text-ink">{query.target_word}</mark>
              {query.post_context}
            </span>
          </Dialog.Description>
        </div>
        <DialogCloseButton testId="word-panel-close" />
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-4 py-4 md:px-5">
        {result.isPending ? (
          <WordSkeleton />
        ) : result.isError ? (
          <WordError error={result.error} onRetry={() => result.refetch()} retrying={result.isFetching} />
        ) : isWordNotFound(result.data) ? (
          <NotFound word={query.target_word} message={notFoundMessage(result.data)} />
        ) : (
          <LemmaTabs items={result.data} tab={Math.min(tab, result.data.length - 1)} onTab={onTab} />
        )}
      </div>
    </>
  );
}

/** One tab per lemma, operated with arrow keys, Home and End (WAI-ARIA tabs, automatic). */
function LemmaTabs({ items, tab, onTab }: { items: TranslationItem[]; tab: number; onTab: (tab: number) => void }) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (tab === last ? 0 : tab + 1)
      : event.key === 'ArrowLeft' ? (tab === 0 ? last : tab - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onTab(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" aria-label="词条" className="flex gap-1 overflow-x-auto border-b border-slate-200" onKeyDown={move}>
        {items.map((item, i) => (
          <button
            key={`${item.key ?? item.lemma}:${i}`}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === tab}
            aria-controls={`${id}-panel`}
            tabIndex={i === tab ? 0 : -1}
            data-testid="lemma-tab"
            onClick={() => onTab(i)}
            lang="en"
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-base font-medium transition-colors ${
              i === tab ? 'border-brand-600 text-brand-700' : 'border-transparent text-ink-mute hover:text-ink'
            }`}
          >
            {item.lemma}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} data-testid="lemma-panel">
        <LemmaEntry key={tab} item={items[tab]} inThisText={tab === 0} />
      </div>
    </div>
  );
}

function WordSkeleton() {
  return (
    <div data-testid="word-panel-loading" aria-busy="true" aria-label="正在查询" className="flex animate-pulse flex-col gap-3">
      <div className="flex gap-2">
        <div className="h-8 w-20 rounded bg-slate-200" />
        <div className="h-8 w-20 rounded bg-slate-200" />
      </div>
      <div className="h-5 w-2/3 rounded bg-slate-200" />
      <div className="h-24 rounded-xl bg-slate-200" />
      <div className="h-24 rounded-xl bg-slate-200" />
    </div>
  );
}

function NotFound({ word, message }: { word: string; message: string }) {
  return (
    <div data-testid="not-found" className="flex flex-col items-center gap-2 py-8 text-center">
      <svg aria-hidden viewBox="0 0 24 24" className="size-10 text-slate-300" fill="none" stroke="currentColor" strokeWidth="1.5">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-4-4M8.5 8.5l5 5M13.5 8.5l-5 5" />
      </svg>
      <p className="font-medium">{message}</p>
      <p className="text-sm text-ink-mute">
        词典里没有 “<span lang="en">{word}</span>”。请检查拼写，或换一个词试试。
      </p>
    </div>
  );
}

function WordError({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  // A quota answer went to the quota flow, which closes this panel on the web; inside the native
  // app the app was told and the panel stays, so it says why it is empty.
  if (error instanceof WordQueryRefused && error.quotaHandled) {
    return (
      <p data-testid="word-quota" className="py-8 text-center text-ink-soft">
        今日免费次数已用完
      </p>
    );
  }
  return (
    <div role="alert" data-testid="word-error" className="flex flex-col items-center gap-3 py-8 text-center">
      <p className="text-red-600">{error.message || '查询失败，请稍后再试'}</p>
      <button
        type="button"
        data-testid="word-retry"
        onClick={onRetry}
        disabled={retrying}
        className="rounded-lg border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50"
      >
        {retrying ? '正在重试…' : '重试'}
      </button>
    </div>
  );
}
