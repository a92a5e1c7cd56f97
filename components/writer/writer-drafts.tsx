'use client';

import { errorText, useDeleteDraft, useWriterDrafts } from '@/lib/client/writer/writer';
import { RetryButton } from '@/components/ui/retry-button';
import { toast } from '@/lib/client/toast';

const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Shanghai',
  });

/** A logged-in learner's drafts: open one into the editor, or delete it. */
export function WriterDrafts({
  account,
  openId,
  onOpen,
  onDeleted,
}: {
  account: string;
  openId: number | null;
  onOpen: (id: number) => void;
  onDeleted: (id: number) => void;
}) {
  const drafts = useWriterDrafts(account);
  const remove = useDeleteDraft(account);

  if (drafts.isPending)
    return (
      <p className="text-sm text-ink-mute" role="status">
        正在读取草稿…
      </p>
    );
  if (drafts.isError) {
    return (
      <div role="alert" className="flex items-center gap-2 text-sm text-red-700">
        {errorText(drafts.error, '草稿读取失败')}
        <RetryButton testId="writer-drafts-retry" onRetry={() => drafts.refetch()} retrying={drafts.isFetching} />
      </div>
    );
  }
  const { drafts: list, limit } = drafts.data;
  if (list.length === 0) return <p className="text-sm text-ink-mute">还没有草稿。写好后点“保存草稿”，下次可以接着写。</p>;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-xs text-ink-mute">
        {list.length} / {limit} 篇
      </p>
      <ul data-testid="writer-drafts" className="flex flex-col gap-1">
        {list.map((draft) => (
          <li
            key={draft.id}
            data-testid="writer-draft"
            className={`flex items-center gap-2 rounded-lg border px-2 py-1.5 ${draft.id === openId ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}
          >
            <button
              type="button"
              onClick={() => onOpen(draft.id)}
              className="min-w-0 flex-1 text-left"
              data-testid="writer-draft-open"
            >
              <span className="block truncate font-medium">{draft.title}</span>
              <span className="text-xs text-ink-mute">
                {draft.word_count} 词 · {when(draft.updated_at)}
              </span>
            </button>
            <button
              type="button"
              aria-label={`删除草稿：${draft.title}`}
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(`删除草稿“${draft.title}”？`)) return;
                remove.mutate(draft.id, {
                  onSuccess: () => onDeleted(draft.id),
                  onError: (error) => toast.error(errorText(error, '删除失败')),
                });
              }}
              className="shrink-0 rounded px-2 py-1 text-xs text-red-600 hover:bg-red-50 disabled:opacity-50"
            >
              删除
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
