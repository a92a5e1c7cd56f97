'use client';

import { useState } from 'react';
import { annotateMessages } from '@/lib/client/annotation/annotate-selection';
import { useAnnotationTask } from '@/lib/client/annotation/queries';
import { closeWordPanel } from '@/lib/client/word-lookup';
import { RetryButton } from '@/components/ui/retry-button';
import { AnnotateTaskForm } from './annotate-task';

/** /annotate/{uid}: one task at a time; a successful submit loads the next. */
export function AnnotateScreen({ uid }: { uid: string }) {
  const [round, setRound] = useState(0);
  const query = useAnnotationTask(uid, round);
  const next = () => {
    closeWordPanel();
    setRound((r) => r + 1);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">词义标注</h1>
          <p className="mt-1 text-sm text-ink-soft">选出目标词在这句话里的意思；点击句中任意单词可查看释义</p>
        </div>
        <p className="text-xs text-ink-mute">
          标注员 <span data-testid="annotate-uid">{uid}</span>
          {round > 0 && <span className="ml-2">本次已提交 {round} 条</span>}
        </p>
      </div>
      <div className="mt-6">
        {query.isPending ? (
          <AnnotateLoading />
        ) : query.isError ? (
          <AnnotateEmpty
            title="标注数据加载失败"
            text={annotateMessages.requestFailed}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            error
          />
        ) : query.data.kind === 'none' ? (
          <AnnotateEmpty
            title="暂时没有需要标注的数据"
            text={query.data.description ?? '所有句子都已标注完毕，稍后再来看看。'}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <AnnotateTaskForm
            key={`${round}:${query.data.task.current_word_index}`}
            uid={uid}
            task={query.data.task}
            onSubmitted={next}
          />
        )}
      </div>
    </div>
  );
}

function AnnotateLoading() {
  return (
    <div
      role="status"
      aria-label="正在获取标注数据"
      data-testid="annotate-loading"
      className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="h-5 w-11/12 rounded bg-slate-200" />
      <div className="mt-2 h-5 w-2/3 rounded bg-slate-200" />
      <div className="mt-6 space-y-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-12 rounded-xl bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

function AnnotateEmpty({
  title,
  text,
  onRetry,
  retrying,
  error,
}: {
  title: string;
  text: string;
  onRetry: () => void;
  retrying: boolean;
  error?: boolean;
}) {
  return (
    <div
      role={error ? 'alert' : 'status'}
      data-testid={error ? 'annotate-error' : 'annotate-empty'}
      className={`flex flex-col items-center rounded-2xl border px-4 py-14 text-center ${
        error ? 'border-red-200 bg-red-50' : 'border-dashed border-slate-300 bg-white'
      }`}
    >
      <p className={`font-medium ${error ? 'text-red-700' : ''}`}>{title}</p>
      <p data-testid="annotate-empty-text" className={`mt-1 max-w-sm text-sm ${error ? 'text-red-700/80' : 'text-ink-soft'}`}>
        {text}
      </p>
      <RetryButton
        testId="annotate-reload"
        onRetry={onRetry}
        retrying={retrying}
        label="重新获取"
        busyLabel="正在获取…"
        className="mt-5 py-2"
      />
    </div>
  );
}
