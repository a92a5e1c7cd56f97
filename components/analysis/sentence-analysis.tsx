'use client';

import { FreeUsesLeft } from '@/components/membership/free-uses-left';
import { RetryButton } from '@/components/ui/retry-button';
import { type ConversationId, useConversation, useSentenceAnalysis } from '@/lib/client/analysis/queries';
import { ApiError } from '@/lib/client/errors';
import { AnalysisPanel } from './analysis-panel';

export type AnalysisSource =
  | { kind: 'sentence'; sentence: string; from: string; wordId?: string | number }
  /** A conversation from the learner's history: its stored analysis and messages, no new analysis. */
  | { kind: 'conversation'; conversationId: ConversationId; from: string };

/**
 * A sentence's analysis with its loading and error states (spec section 4, "Analysis: loading,
 * then filled"), then the panel. Reopening a stored conversation shows what was stored; only
 * one whose analysis was not kept analyses the sentence again.
 */
export function SentenceAnalysis({ source }: { source: AnalysisSource }) {
  if (source.kind === 'conversation') return <StoredConversation source={source} />;
  return <FreshAnalysis sentence={source.sentence} from={source.from} wordId={source.wordId} />;
}

function FreshAnalysis({ sentence, from, wordId }: { sentence: string; from: string; wordId?: string | number }) {
  const result = useSentenceAnalysis({ sentence, from, ...(wordId !== undefined ? { word_id: wordId } : {}) });
  if (result.isPending) return <AnalysisSkeleton />;
  if (result.isError)
    return <AnalysisError error={result.error} onRetry={() => void result.refetch()} retrying={result.isFetching} />;
  return (
    <>
      <AnalysisPanel
        mode="sentence"
        sentence={sentence}
        answer={result.data.analysis_result.answer}
        conversationId={result.data.conversation_id}
        allowNewConversation
      />
      <div className="mt-3">
        <FreeUsesLeft feature="analyze_sentence" left={result.data.free_uses_left} />
      </div>
    </>
  );
}

function StoredConversation({ source }: { source: Extract<AnalysisSource, { kind: 'conversation' }> }) {
  const stored = useConversation(source.conversationId);
  if (stored.isPending) return <AnalysisSkeleton />;
  if (stored.isError)
    return <AnalysisError error={stored.error} onRetry={() => void stored.refetch()} retrying={stored.isFetching} />;
  const { analysis, sentence, messages, conversation_id, scene } = stored.data;
  if (analysis && sentence) {
    return (
      <AnalysisPanel
        mode="sentence"
        sentence={sentence}
        answer={analysis}
        conversationId={conversation_id}
        records={messages}
        allowNewConversation
      />
    );
  }
  if (sentence) return <FreshAnalysis sentence={sentence} from={source.from} />;
  return <AnalysisPanel mode="chat-only" conversationId={conversation_id} scene={scene} records={messages} />;
}

export function AnalysisSkeleton() {
  return (
    <div role="status" aria-label="正在分析句子" data-testid="analysis-loading" className="flex animate-pulse flex-col gap-4">
      <div className="h-5 w-24 rounded bg-slate-200" />
      <div className="h-4 w-4/5 rounded bg-slate-100" />
      <div className="flex flex-wrap gap-2">
        {[20, 12, 28, 16, 24].map((w) => (
          <div key={w} className="h-10 rounded-md bg-slate-200" style={{ width: `${w * 4}px` }} />
        ))}
      </div>
      <div className="h-24 rounded-xl bg-slate-100" />
    </div>
  );
}

function AnalysisError({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  // The quota flow has run (the login page, the membership prompt, or the app was told).
  if (error instanceof ApiError && (error.kind === 'quota' || error.kind === 'refused')) {
    return (
      <p data-testid="analysis-quota" className="rounded-xl bg-amber-50 px-4 py-6 text-center text-amber-900">
        今日免费分析次数已用完
      </p>
    );
  }
  return (
    <div
      role="alert"
      data-testid="analysis-error"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center"
    >
      <p className="text-red-700">{error.message || '分析失败，请稍后再试'}</p>
      <RetryButton testId="analysis-retry" onRetry={onRetry} retrying={retrying} tone="alert" />
    </div>
  );
}
