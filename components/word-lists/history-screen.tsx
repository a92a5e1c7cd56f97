'use client';

import { useInfiniteQuery } from '@/lib/client/query';
import { Link } from '@/components/ui/link';
import { useMemo } from 'react';
import type { LookupEntry } from '@/lib/contract';
import { useCurrentUser } from '@/lib/client/user';
import { lookUpWord } from '@/lib/client/word-lookup';
import { clockTime, groupByDay, sentenceAround } from '@/lib/client/word-lists/history-format';
import { errorMessage, fetchLookups, isLoggedOut, lookupsKey } from '@/lib/client/word-lists/queries';
import { lookupKey, mergePages, nextPageParam, sourceNames } from '@/lib/client/word-lists/word-list-model';
import { EmptyState, ListError, ListSkeleton, LoadMore, LoginRequired } from './history-list-states';
import { buttonClass } from '@/components/ui/button';

/** /ContextualDictHistory: the user's lookups, newest first; each one reopens its sentence. */
export function HistoryScreen() {
  const { data: user } = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">查词记录</h1>
          <p className="mt-1 text-sm text-ink-soft">点击一条记录，回到当时的句子重新查看释义</p>
        </div>
        <nav aria-label="我的词典" className="flex gap-2 text-sm">
          <Link href="/ContextualDict" className={buttonClass({ tone: 'secondary', size: 'sm', shape: 'pill' })}>
            语境词典
          </Link>
          <Link href="/Words" className={buttonClass({ tone: 'secondary', size: 'sm', shape: 'pill' })}>
            单词本
          </Link>
        </nav>
      </div>
      <div className="mt-6">
        {user ? (
          <HistoryList account={user.account} />
        ) : (
          <LoginRequired title="登录后查看查词记录" text="登录后，你在语境词典里查过的每一个单词和它所在的句子都会保存在这里。" />
        )}
      </div>
    </div>
  );
}

function HistoryList({ account }: { account: string }) {
  const query = useInfiniteQuery({
    queryKey: lookupsKey(account),
    queryFn: ({ pageParam, signal }) => fetchLookups(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const entries = useMemo(() => mergePages(query.data?.pages, lookupKey), [query.data]);
  // The day headings are worked out when the data arrives; no server render to disagree with.
  const groups = useMemo(() => groupByDay(entries, new Date()), [entries]);

  if (query.isPending) return <ListSkeleton label="正在加载查词记录" />;
  if (query.isError && !query.data) {
    if (isLoggedOut(query.error)) {
      return <LoginRequired title="登录已过期" text="请重新登录后查看查词记录。" />;
    }
    return <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  if (entries.length === 0) {
    return (
      <EmptyState
        title="还没有查词记录"
        text="在语境词典里点击句子中的单词，查过的词会按时间保存在这里。"
        action={{ href: '/ContextualDict', label: '去语境词典查词' }}
      />
    );
  }

  const total = query.data.pages.at(-1)?.total ?? entries.length;
  return (
    <div data-testid="history-list">
      <p className="mb-3 text-xs text-ink-mute">共 {total} 条记录</p>
      {groups.map((group) => (
        <section key={group.key} aria-label={group.label} className="mb-6">
          <h2 className="sticky top-0 z-10 -mx-1 bg-slate-50/95 px-1 py-2 text-sm font-semibold text-ink-soft backdrop-blur">
            {group.label}
          </h2>
          <ol className="flex flex-col gap-2">
            {group.items.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        </section>
      ))}
      <LoadMore query={query} shown={entries.length} total={total} />
    </div>
  );
}

function HistoryItem({ entry }: { entry: LookupEntry }) {
  const { before, after } = sentenceAround(entry.pre_context, entry.target_word, entry.post_context);
  const at = new Date(entry.created_at);
  const source = sourceNames[entry.from];
  const showLemma = entry.lemma && entry.lemma.toLowerCase() !== entry.target_word.toLowerCase();
  return (
    <li>
      <button
        type="button"
        data-testid="history-item"
        data-word={entry.target_word}
        onClick={(event) =>
          lookUpWord(
            {
              pre_context: entry.pre_context,
              post_context: entry.post_context,
              target_word: entry.target_word,
              // Reopening keeps the lookup's origin, so the word stays in that screen's word list.
              from: entry.from || 'ContextualDictHistory',
            },
            event.currentTarget,
          )
        }
        className="w-full rounded-xl border border-slate-200 bg-white px-4 py-3 text-left transition hover:border-brand-500 hover:shadow-sm"
      >
        <div className="flex items-baseline gap-2">
          <span data-testid="history-word" className="text-lg font-semibold text-brand-700">
            {entry.target_word}
          </span>
          {showLemma && <span className="text-sm text-ink-mute">原形 {entry.lemma}</span>}
          <time dateTime={entry.created_at} className="ml-auto shrink-0 text-xs text-ink-mute">
            {Number.isNaN(at.getTime()) ? '' : clockTime(at)}
          </time>
        </div>
        {entry.sense_zh && (
          <p data-testid="history-zh" className="mt-0.5 line-clamp-1 text-sm text-ink">
            {entry.sense_zh}
          </p>
        )}
        <p data-testid="history-sentence" lang="en" className="mt-1 break-words leading-relaxed text-ink-soft">
          {before}
          <mark className="rounded bg-amber-100 px-0.5 font-medium text-ink">{entry.target_word}</mark>
          {after}
        </p>
        {source && <p className="mt-1 text-xs text-ink-mute">来自{source}</p>}
      </button>
    </li>
  );
}
