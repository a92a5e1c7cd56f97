'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { MAX_SENTENCE_LENGTH, sentenceToAnalyse } from '@/lib/client/analysis/sentence-input';
import { openOverlay } from '@/lib/client/overlays';
import { EmptyAnalysisPanel } from './analysis-empty';
import type { AnalysisSource } from './sentence-analysis';

// The analysis, the chat and the Markdown renderer come when there is a sentence to analyse, not
// with the page: a visitor who has not typed one yet loads the form alone.
const SentenceAnalysis = lazy(() => import('./sentence-analysis').then((m) => ({ default: m.SentenceAnalysis })));
import { Button } from '@/components/ui/button';

export interface ChatSentenceScreenProps {
  /** The screen's name, kept with the sentence in the learner's history. */
  from: string;
  title: string;
  intro: string;
  /** Sentences to try with one click (the free trial). */
  samples?: readonly string[];
  notice?: ReactNode;
}

/**
 * /chatSentence and the free trial /UseForFreeSent (spec section 2): type or paste an English
 * sentence and analyse it — translation, layered constituents, grammar points — then ask the
 * tutor about any part. The sentence (or a stored conversation, `?c=`) is in the address, so the
 * history's links reopen it and a reload keeps it.
 */
export function ChatSentenceScreen({ from, title, intro, samples, notice }: ChatSentenceScreenProps) {
  const inputId = useId();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const inUrl = params.get('sentence') ?? '';
  const conversation = params.get('c');
  const [text, setText] = useState(inUrl || (samples?.[0] ?? ''));
  const [empty, setEmpty] = useState(false);

  const source = useMemo((): AnalysisSource | null => {
    if (conversation) return { kind: 'conversation', conversationId: conversation, from };
    const sentence = sentenceToAnalyse(inUrl);
    return sentence ? { kind: 'sentence', sentence, from } : null;
  }, [conversation, inUrl, from]);

  const analyse = (input: string) => {
    // Spec section 5: nothing is analysed when the word split yields nothing.
    const sentence = sentenceToAnalyse(input);
    setEmpty(sentence === null);
    if (!sentence) return;
    setText(sentence);
    router.push(`${pathname}?${new URLSearchParams({ sentence })}`, { scroll: false });
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 md:py-10">
      <div>
        <h1 className="text-2xl font-semibold md:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-ink-soft md:text-base">{intro}</p>
      </div>
      {notice}
      <form
        data-testid="sentence-form"
        className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault();
          analyse(text);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          英文句子
        </label>
        <textarea
          id={inputId}
          data-testid="sentence-input"
          lang="en"
          rows={3}
          value={text}
          maxLength={MAX_SENTENCE_LENGTH}
          onChange={(e) => {
            setText(e.target.value);
            setEmpty(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              analyse(text);
            }
          }}
          placeholder="输入或粘贴一个英文句子，按回车分析，例如：The book that you lent me was so interesting that I finished it in one night."
          className="reading-text block w-full resize-y rounded-xl border-0 bg-transparent p-3 leading-relaxed outline-none placeholder:text-base placeholder:text-ink-mute focus:ring-2 focus:ring-brand-100"
        />
        <div className="flex flex-wrap items-center justify-between gap-2 px-2 pb-1">
          <span className="text-xs text-ink-mute">
            {text.length} / {MAX_SENTENCE_LENGTH}
          </span>
          <div className="flex gap-2">
            <Button
              tone="secondary"
              size="sm"
              data-testid="translate-sentence"
              disabled={!sentenceToAnalyse(text)}
              onClick={() => {
                const sentence = sentenceToAnalyse(text);
                if (sentence) openOverlay('sentenceTranslate', { text: sentence });
              }}
            >
              翻译
            </Button>
            <Button type="submit" data-testid="analyse-sentence">
              分析句子
            </Button>
          </div>
        </div>
        {empty && (
          <p role="alert" data-testid="sentence-empty" className="px-2 pb-1 text-sm text-amber-700">
            没有找到英文单词，请输入一个英文句子。
          </p>
        )}
      </form>
      {samples && samples.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-mute">试试这些句子：</p>
          <ul className="flex flex-col gap-2">
            {samples.map((sample) => (
              <li key={sample}>
                <button
                  type="button"
                  data-testid="sample-sentence"
                  lang="en"
                  onClick={() => analyse(sample)}
                  className="w-full rounded-xl border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:border-brand-500"
                >
                  {sample}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6">
        {source ? (
          <Suspense fallback={<AnalysisLoading />}>
            <SentenceAnalysis
              key={source.kind === 'sentence' ? `s:${source.sentence}` : `c:${source.conversationId}`}
              source={source}
            />
          </Suspense>
        ) : (
          <EmptyAnalysisPanel />
        )}
      </div>
    </div>
  );
}

/** While the analysis' code arrives (the first sentence of a visit). */
function AnalysisLoading() {
  return (
    <div role="status" data-testid="analysis-code-loading" className="flex flex-col gap-3 py-2">
      <span className="sr-only">正在加载句子分析…</span>
      <div className="h-5 w-2/3 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
      <div className="h-24 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
    </div>
  );
}
