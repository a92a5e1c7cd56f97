'use client';

import { useId, useState } from 'react';
import { Overlay } from '@/components/ui/overlay';
import { RetryButton } from '@/components/ui/retry-button';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { type ExplainRequest, useExplanations } from '@/lib/client/analysis/queries';
import type { Explanation } from '@/lib/contract/shapes';
import { ReplyFeedback } from '../chat/reply-feedback';
import { ExplanationEntries } from './explanation-entries';

/**
 * The bottom explain drawer (spec section 2): the explanations of a grammar point, or of the
 * points an answer names, one tab per explanation title.
 */
export function ExplainDrawer({
  request,
  onClose,
}: {
  /** What to explain; null: closed. */
  request: (ExplainRequest & { title: string }) | null;
  onClose: () => void;
}) {
  return (
    <Overlay
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      layout="sheet"
      title={request ? `语法讲解：${request.title}` : '语法讲解'}
      testId="explain-drawer"
    >
      {request && <ExplainBody key={`${request.round_id}:${request.answer}`} request={request} />}
    </Overlay>
  );
}

function ExplainBody({ request }: { request: ExplainRequest }) {
  const result = useExplanations(request);
  if (result.isPending) {
    return (
      <div
        role="status"
        aria-label="正在加载讲解"
        data-testid="explain-loading"
        className="flex animate-pulse flex-col gap-2 py-2"
      >
        <div className="h-8 w-2/3 rounded bg-slate-200" />
        <div className="h-4 w-full rounded bg-slate-100" />
        <div className="h-4 w-5/6 rounded bg-slate-100" />
      </div>
    );
  }
  if (result.isError) {
    return (
      <div role="alert" data-testid="explain-error" className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="text-red-600">{result.error.message || '讲解加载失败'}</p>
        <RetryButton testId="explain-retry" onRetry={() => void result.refetch()} retrying={result.isFetching} />
      </div>
    );
  }
  if (result.data.length === 0) {
    return (
      <p data-testid="explain-empty" className="py-6 text-center text-ink-mute">
        语法库里还没有这部分的讲解。
      </p>
    );
  }
  return <ExplanationTabs explanations={result.data} request={request} />;
}

/** One tab per explanation (WAI-ARIA tabs: arrow keys, Home and End). */
export function ExplanationTabs({ explanations, request }: { explanations: readonly Explanation[]; request: ExplainRequest }) {
  const id = useId();
  const [tab, setTab] = useState(0);
  const current = explanations[Math.min(tab, explanations.length - 1)];
  return (
    <div className="flex flex-col gap-3">
      <Tabs
        id={id}
        label="讲解"
        tabs={explanations.map((e, i) => ({ key: String(i), label: e.explanation.title, testId: 'explain-tab' }))}
        selected={String(tab)}
        onSelect={(key) => setTab(Number(key))}
        tabClassName="text-sm"
      />
      <TabPanel id={id} selected={String(tab)} data-testid="explain-panel">
        <h3 className="text-lg font-semibold text-ink">{current.explanation.title}</h3>
        <ExplanationEntries entries={current.explanation.content} />
        <div className="mt-4 flex items-center justify-end gap-2 text-sm text-ink-mute">
          <span>这条讲解有帮助吗？</span>
          <ReplyFeedback
            key={`${tab}`}
            conversationId={request.conversation_id}
            roundId={current.roundId ?? request.round_id}
            feedbackRole="explain"
            initial={current.evaluate === 1 || current.evaluate === -1 ? current.evaluate : 0}
          />
        </div>
      </TabPanel>
    </div>
  );
}
