'use client';

import { Link } from '@/components/ui/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { EmptyState, ListError, ListSkeleton, LoadMore, LoginRequired } from '@/components/word-lists/history-list-states';
import { type SentenceFilter, useMarkSentence, useSentenceHistory } from '@/lib/client/analysis/queries';
import { openOverlay } from '@/lib/client/overlays';
import { useCurrentUser } from '@/lib/client/user';
import { clockTime } from '@/lib/client/word-lists/history-format';
import { errorMessage, isLoggedOut } from '@/lib/client/word-lists/queries';
import { mergePages } from '@/lib/client/word-lists/word-list-model';
import type { SentenceEntry } from '@/lib/contract/calls/analysis';
import { buttonClass } from '@/components/ui/button';
import { TabPanel, Tabs } from '@/components/ui/tabs';

const filters: readonly { value: SentenceFilter; label: string }[] = [
  { value: 'all', label: '全部句子' },
  { value: 'strange', label: '生句本' },
];

/** Where a sentence was analysed, as the learner reads it. */
const sourceNames: Record<string, string> = {
  chatSentence: '句子分析',
  UseForFreeSent: '免费试用',
  ContextualDict: '语境词典',
  ContextualDictAPI: '语境词典',
  ContextualDictForZhenti: '真题词典',
  course: '课程',
};

/**
 * /Sentences and its variants (spec section 2, no footer): the sentences the learner analysed,
 * newest first, or only those in their sentence bank (生句本); each one reopens its analysis and
 * conversation in the chat drawer. Login required, like /Words.
 */
export function SentenceBookScreen({ title, from }: { title: string; from: string }) {
  const { data: user } = useCurrentUser();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filter: SentenceFilter = params.get('filter') === 'strange' ? 'strange' : 'all';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-1 text-sm text-ink-soft">分析过的句子都在这里，点击一句重新打开它的分析和对话</p>
        </div>
        <Link href="/chatSentence" className={buttonClass({ tone: 'secondary', size: 'sm', shape: 'pill' })}>
          分析新句子
        </Link>
      </div>
      {user ? (
        <>
          <Tabs
            id="sentence-filter"
            label="筛选"
            look="chips"
            className="mt-5"
            tabs={filters.map((f) => ({ key: f.value, label: f.label, testId: 'sentence-filter', data: { filter: f.value } }))}
            selected={filter}
            onSelect={(value) => router.replace(value === 'all' ? pathname : `${pathname}?filter=${value}`, { scroll: false })}
          />
          <TabPanel id="sentence-filter" selected={filter} className="mt-4">
            <SentenceList account={user.account} filter={filter} from={from} />
          </TabPanel>
        </>
      ) : (
        <div className="mt-6">
          <LoginRequired title="登录后查看句子本" text="登录后，你分析过的句子和加入生句本的句子都会保存在这里。" />
        </div>
      )}
    </div>
  );
}

function SentenceList({ account, filter, from }: { account: string; filter: SentenceFilter; from: string }) {
  const query = useSentenceHistory(account, filter);
  const mark = useMarkSentence(account);
  const entries = useMemo(() => mergePages(query.data?.pages, (e: SentenceEntry) => String(e.conversation_id)), [query.data]);

  if (query.isPending) return <ListSkeleton label="正在加载句子" />;
  if (query.isError && !query.data) {
    if (isLoggedOut(query.error)) return <LoginRequired title="登录已过期" text="请重新登录后查看句子本。" />;
    return <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  if (entries.length === 0) {
    return filter === 'strange' ? (
      <EmptyState title="生句本还是空的" text="分析句子时把难句加入生句本，方便以后复习。" />
    ) : (
      <EmptyState
        title="还没有分析过句子"
        text="在句子分析里输入一个英文句子试试。"
        action={{ href: '/chatSentence', label: '去分析句子' }}
      />
    );
  }
  const total = query.data.pages.at(-1)?.total ?? entries.length;
  return (
    <div data-testid="sentence-list">
      <p className="mb-3 text-xs text-ink-mute">共 {total} 句</p>
      <ol className="flex flex-col gap-2">
        {entries.map((entry) => {
          const at = new Date(entry.analysed_at);
          const inBank = entry.strange === 1;
          return (
            <li
              key={String(entry.conversation_id)}
              data-testid="sentence-item"
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 transition hover:border-brand-500 md:flex-row md:items-center"
            >
              <button
                type="button"
                data-testid="sentence-open"
                onClick={() => openOverlay('chatDrawer', { conversationId: entry.conversation_id, from })}
                className="min-w-0 flex-1 text-left"
              >
                <p lang="en" data-testid="sentence-text" className="break-words leading-relaxed">
                  {entry.sentence}
                </p>
                <p className="mt-1 text-xs text-ink-mute">
                  {sourceNames[entry.from] ? `来自${sourceNames[entry.from]} · ` : ''}
                  {Number.isNaN(at.getTime()) ? '' : `${at.getMonth() + 1}月${at.getDate()}日 ${clockTime(at)}`}
                </p>
              </button>
              <button
                type="button"
                data-testid="sentence-mark"
                aria-pressed={inBank}
                disabled={mark.isPending}
                onClick={() => mark.mutate({ sentence: entry.sentence, strange: inBank ? 0 : 1, from: entry.from })}
                className={`shrink-0 self-start rounded-full px-3 py-1 text-xs md:self-center ${
                  inBank
                    ? 'bg-amber-100 text-amber-900 hover:bg-amber-200'
                    : 'border border-slate-300 text-ink-soft hover:bg-slate-50'
                }`}
              >
                {inBank ? '已在生句本 · 移出' : '加入生句本'}
              </button>
            </li>
          );
        })}
      </ol>
      <LoadMore query={query} shown={entries.length} total={total} />
    </div>
  );
}
