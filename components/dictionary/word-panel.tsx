'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Overlay, OverlayBody, OverlayClose, OverlayDescription, OverlayHeader, OverlayTitle } from '@/components/ui/overlay';
import { RetryButton } from '@/components/ui/retry-button';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { refusedLookupMessage, useWordQuery } from '@/lib/client/dictionary/queries';
import { createTabReset, isWordNotFound, notFoundMessage } from '@/lib/client/dictionary/word-entry';
import { ApiError } from '@/lib/client/errors';
import { sentenceToAnalyse } from '@/lib/client/analysis/sentence-input';
import { type HostedOverlayProps, openOverlay, type WordLookup } from '@/lib/client/overlays';
import { closeWordPanel, lookUpWord, wordQueryKey, type WordQuery } from '@/lib/client/word-lookup';
import type { TranslationItem } from '@/lib/contract';
import { FreeUsesLeft } from '@/components/membership/free-uses-left';
import { AddToList } from '@/components/word-lists/add-to-list';
import { MarkSense } from '@/components/word-lists/mark-sense';
import { WaitingCard } from '@/components/review/waiting-card';
import { LemmaEntry, LemmaPhonetics } from './lemma-entry';
import { NotFoundIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';

const sameQuery = (a: WordQuery | null, b: WordQuery | null) =>
  a === b || (!!a && !!b && JSON.stringify(wordQueryKey(a)) === JSON.stringify(wordQueryKey(b)));

/**
 * The shell's word translation overlay (spec section 2), opened by lookUpWord(): on screens
 * 768 px and wider a popup beside the clicked word (below it, or above when there is no room;
 * never over the site header), leaving the sentence being read in view, as Youdao's and
 * Saladict's do; a bottom drawer below 768 px. In both the sense chosen for the sentence comes
 * right under the top line, so it is in view without scrolling (issue 35). The last word stays rendered while the panel closes, and the tab goes back to the
 * first one 500 ms later (spec section 9).
 */
export function WordPanel({ open, payload, onOpenChange }: HostedOverlayProps<'wordTranslation'>) {
  const [shown, setShown] = useState<WordLookup | null>(null);
  const [tab, setTab] = useState(0);
  // A new word opens on its first tab at once (state adjusted while rendering, not in an effect).
  // The same word again (from another place on the page) keeps its tab and moves the panel.
  if (open && payload && payload !== shown) {
    if (!sameQuery(payload.query, shown?.query ?? null)) setTab(0);
    setShown(payload);
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
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout={{ wide: 'popover', narrow: 'sheet' }}
      anchor={shown?.anchor}
      size="lg"
      layoutNames={{ popover: 'popup', dialog: 'popup', sheet: 'drawer' }}
      testId="word-panel"
    >
      {shown && (
        <WordPanelBody
          query={shown.query}
          tab={tab}
          onTab={setTab}
          // A suggested spelling is looked up in the same sentence, in the same place.
          onLookUp={(word) => lookUpWord({ ...shown.query, target_word: word }, shown.anchor)}
        />
      )}
    </Overlay>
  );
}

function WordPanelBody({
  query,
  tab,
  onTab,
  onLookUp,
}: {
  query: WordQuery;
  tab: number;
  onTab: (tab: number) => void;
  onLookUp: (word: string) => void;
}) {
  const result = useWordQuery(query);
  const items = result.data && !isWordNotFound(result.data.items) ? result.data.items : [];
  const shownItem = items[Math.min(tab, items.length - 1)];
  // The meaning first (issue 35): one compact top line (the word and the phonetics of the lemma in
  // view), the sentence in one line with what it can do, and then the chosen sense in the body.
  return (
    <>
      <OverlayHeader className="border-b border-slate-200 pb-2 pt-2.5 md:pt-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
            <OverlayTitle lang="en" data-testid="word-panel-title" className="break-words text-xl font-semibold">
              {query.target_word}
            </OverlayTitle>
            {shownItem && <LemmaPhonetics item={shownItem} />}
          </div>
          <div className="mt-1 flex items-start gap-2">
            <OverlayDescription data-testid="word-panel-context" className="line-clamp-2 min-w-0 flex-1 text-xs text-ink-mute">
              <span lang="en">
                {query.pre_context}
                <mark className="rounded bg-amber-100 px-0.5 text-ink">{query.target_word}</mark>
                {query.post_context}
              </span>
            </OverlayDescription>
            <SentenceActions query={query} />
          </div>
        </div>
        <OverlayClose testId="word-panel-close" />
      </OverlayHeader>
      <OverlayBody className="bg-slate-50 px-4 py-3 md:px-5">
        {result.isPending ? (
          <WordSkeleton />
        ) : result.isError ? (
          <WordError error={result.error} onRetry={() => result.refetch()} retrying={result.isFetching} />
        ) : isWordNotFound(result.data.items) ? (
          <NotFound
            word={query.target_word}
            message={notFoundMessage(result.data.items)}
            left={result.data.freeUsesLeft}
            suggestions={result.data.suggestions}
            onLookUp={onLookUp}
          />
        ) : (
          <WordAnswer query={query} items={result.data.items} tab={tab} onTab={onTab} freeUsesLeft={result.data.freeUsesLeft} />
        )}
      </OverlayBody>
    </>
  );
}

/**
 * The answer: a tab per lemma, then what the learner can do with the sense in view: rate its
 * waiting review card, mark it 生词 / 熟词, keep it in a word list.
 */
function WordAnswer({
  query,
  items,
  tab,
  onTab,
  freeUsesLeft,
}: {
  query: WordQuery;
  items: TranslationItem[];
  tab: number;
  onTab: (tab: number) => void;
  freeUsesLeft: number | null;
}) {
  const shown = Math.min(tab, items.length - 1);
  const item = items[shown];
  const sense = shownSense(query, item);
  return (
    <>
      <LemmaTabs items={items} tab={shown} onTab={onTab} />
      <WaitingCard lemma={item.lemma} senseId={sense.sense_id} />
      <ShownSenseMarks query={query} item={item} />
      <AddToList word={query.target_word} lemma={item.lemma} sentence={sentenceOf(query)} {...sense} />
      <div className="mt-3">
        <FreeUsesLeft feature="query_word" left={freeUsesLeft} />
      </div>
    </>
  );
}

/**
 * The word's sentence, analysed or translated (spec: "from the contextual dictionary, a sentence
 * of the read text opens its analysis"): the chat drawer or the translate drawer over the page.
 */
const sentenceOf = (query: WordQuery) =>
  `${query.pre_context}${query.target_word}${query.post_context}`.replace(/\s+/g, ' ').trim();

/** The sense in view (the first of the lemma's tab) and where the word stands: what a mark or a list keeps. */
function shownSense(query: WordQuery, item: TranslationItem) {
  const senseId = item.gloss[0]?.sense_id;
  return senseId == null ? {} : { sense_id: String(senseId), pre_context: query.pre_context, post_context: query.post_context };
}

/** 生词 / 熟词 for the first sense of the lemma in view (on the first tab, the meaning in this text). */
function ShownSenseMarks({ query, item }: { query: WordQuery; item: TranslationItem }) {
  const gloss = item.gloss[0];
  if (gloss?.sense_id == null) return null;
  return (
    <MarkSense
      key={`${item.lemma}:${gloss.sense_id}`}
      word={query.target_word}
      pre_context={query.pre_context}
      post_context={query.post_context}
      from={query.from ?? ''}
      sense_id={String(gloss.sense_id)}
      sense_zh={gloss.sense.second ?? ''}
    />
  );
}

function SentenceActions({ query }: { query: WordQuery }) {
  const sentence = sentenceOf(query);
  if (!sentenceToAnalyse(sentence)) return null;
  const open = (name: 'chatDrawer' | 'sentenceTranslate') => {
    closeWordPanel();
    if (name === 'chatDrawer') openOverlay('chatDrawer', { sentence, from: query.from ?? 'ContextualDict' });
    else openOverlay('sentenceTranslate', { text: sentence });
  };
  const button =
    'rounded-md border border-slate-300 px-2 py-0.5 text-xs text-ink-soft hover:border-brand-500 hover:text-brand-700';
  return (
    <div className="flex shrink-0 gap-1.5">
      <button type="button" data-testid="analyse-word-sentence" onClick={() => open('chatDrawer')} className={button}>
        分析这句
      </button>
      <button type="button" data-testid="translate-word-sentence" onClick={() => open('sentenceTranslate')} className={button}>
        翻译这句
      </button>
    </div>
  );
}

/** One tab per lemma, operated with arrow keys, Home and End (WAI-ARIA tabs, automatic). */
function LemmaTabs({ items, tab, onTab }: { items: TranslationItem[]; tab: number; onTab: (tab: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Tabs
        id={id}
        label="词条"
        tabs={items.map((item, i) => ({ key: String(i), label: item.lemma, testId: 'lemma-tab', lang: 'en' }))}
        selected={String(tab)}
        onSelect={(key) => onTab(Number(key))}
        tabClassName="text-sm"
      />
      <TabPanel id={id} selected={String(tab)} data-testid="lemma-panel">
        <LemmaEntry key={tab} item={items[tab]} inThisText={tab === 0} />
      </TabPanel>
    </div>
  );
}

function WordSkeleton() {
  return (
    <div
      data-testid="word-panel-loading"
      role="status"
      aria-busy="true"
      aria-label="正在查询"
      className="flex animate-pulse flex-col gap-3"
    >
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

function NotFound({
  word,
  message,
  left,
  suggestions,
  onLookUp,
}: {
  word: string;
  message: string;
  left: number | null;
  /** The words it may be a misspelling of, likeliest first; each looks itself up. */
  suggestions: string[];
  onLookUp: (word: string) => void;
}) {
  return (
    <div data-testid="not-found" className="flex flex-col items-center gap-2 py-8 text-center">
      <NotFoundIcon className="size-10 text-slate-300" />
      <p className="font-medium">{message}</p>
      {suggestions.length > 0 && (
        <div data-testid="spelling-suggestions" className="flex flex-wrap items-center justify-center gap-2">
          <span className="text-sm text-ink-soft">你要找的是不是：</span>
          {suggestions.map((suggestion) => (
            <Button
              key={suggestion}
              tone="secondary"
              size="sm"
              lang="en"
              data-testid="spelling-suggestion"
              onClick={() => onLookUp(suggestion)}
            >
              {suggestion}
            </Button>
          ))}
        </div>
      )}
      <p className="text-sm text-ink-mute">
        词典里没有 “<span lang="en">{word}</span>”。请检查拼写，或换一个词试试。
      </p>
      {left !== null && <p className="text-xs text-ink-mute">没查到的词不计入免费次数。</p>}
    </div>
  );
}

function WordError({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  // A quota answer went to the quota flow, which closes this panel on the web; inside the native
  // app the app was told and the panel stays, so it says why it is empty.
  if (error instanceof ApiError && error.kind === 'quota') {
    return (
      <p data-testid="word-quota" className="py-8 text-center text-ink-soft">
        今日免费次数已用完
      </p>
    );
  }
  return (
    <div role="alert" data-testid="word-error" className="flex flex-col items-center gap-3 py-8 text-center">
      <p className="text-red-600">
        {error instanceof ApiError && error.kind === 'refused'
          ? refusedLookupMessage(error)
          : error.message || '查询失败，请稍后再试'}
      </p>
      <RetryButton testId="word-retry" onRetry={onRetry} retrying={retrying} className="py-1.5" />
    </div>
  );
}
