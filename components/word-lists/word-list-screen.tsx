'use client';

import { useInfiniteQuery } from '@/lib/client/query';
import { Link } from '@/components/ui/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/client/user';
import { errorMessage, fetchWords, isLoggedOut, wordListKey } from '@/lib/client/word-lists/queries';
import {
  emptyTitle,
  filterFromParam,
  mergePages,
  nextPageParam,
  strangeOf,
  wordFilters,
  wordKey,
  wordListSource,
  wordListSources,
  type WordFilter,
  type WordListSource,
} from '@/lib/client/word-lists/word-list-model';
import { listIdFromParam } from '@/lib/client/word-lists/named-lists';
import { EmptyState, ListError, ListSkeleton, LoadMore, LoginRequired } from './history-list-states';
import { NamedListsNav, NamedListView } from './named-lists';
import { WordListRow } from './word-list-row';
import { TabPanel, Tabs } from '@/components/ui/tabs';

/**
 * /Words, /WordsForContextualDict and /WordsForCourse: the user's words (all, or those looked up
 * on one screen), filtered by 生词 / 熟词, each with its sentence, its sound and its mark.
 */
export function WordListScreen({ path }: { path: WordListSource['path'] }) {
  const source = wordListSource(path);
  const { data: user } = useCurrentUser();
  const params = useSearchParams();
  const filter = filterFromParam(params.get('filter'));
  const listId = path === '/Words' ? listIdFromParam(params.get('list')) : null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{source.title}</h1>
          <p className="mt-1 text-sm text-ink-soft">点击单词查看它在句子里的意思，标记生词和熟词，集中复习</p>
        </div>
        <div className="flex items-center gap-4 text-sm">
          {user && listId === null && (
            <Link
              href={`/pdf?source=word_list&strange=${filter === 'familiar' ? 0 : 1}`}
              data-testid="word-list-export-pdf"
              className="text-brand-600 hover:underline"
            >
              导出 PDF
            </Link>
          )}
          <Link href="/ContextualDictHistory" className="text-brand-600 hover:underline">
            查词记录 →
          </Link>
        </div>
      </div>
      <nav aria-label="单词来源" className="mt-5 flex gap-2 overflow-x-auto text-sm">
        {wordListSources.map((s) => (
          <Link
            key={s.path}
            href={filter === 'all' ? s.path : `${s.path}?filter=${filter}`}
            aria-current={s.path === path && listId === null ? 'page' : undefined}
            className={`shrink-0 rounded-full border px-3 py-1.5 ${
              s.path === path && listId === null
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white hover:bg-slate-50'
            }`}
          >
            {s.nav}
          </Link>
        ))}
      </nav>
      {user && <NamedListsNav account={user.account} activeId={listId} />}
      <div className="mt-4">
        {user && listId !== null ? (
          <NamedListView key={listId} account={user.account} listId={listId} />
        ) : user ? (
          <>
            <FilterTabs filter={filter} />
            <TabPanel id="word-filter" selected={filter} className="mt-4">
              <WordList account={user.account} source={source} filter={filter} />
            </TabPanel>
          </>
        ) : (
          <LoginRequired
            title="登录后查看单词本"
            text="登录后，你查过的单词会自动收进单词本，可以标记生词和熟词、听发音、回到原句复习。"
          />
        )}
      </div>
    </div>
  );
}

function FilterTabs({ filter }: { filter: WordFilter }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();

  // The filter lives in the URL, so a reload or a shared link opens the same tab. The History
  // API (which Next's router follows) changes it without a server round trip: the page's
  // server part does not depend on it.
  const select = (next: WordFilter) => {
    const params = new URLSearchParams(searchParams.toString());
    if (next === 'all') params.delete('filter');
    else params.set('filter', next);
    const search = params.toString();
    window.history.replaceState(null, '', search ? `${pathname}?${search}` : pathname);
  };

  return (
    <Tabs
      id="word-filter"
      label="按熟悉程度筛选"
      look="segmented"
      className="inline-flex"
      tabs={wordFilters.map((f) => ({ key: f.value, label: f.label, testId: `word-filter-${f.value}` }))}
      selected={filter}
      onSelect={select}
    />
  );
}

function WordList({ account, source, filter }: { account: string; source: WordListSource; filter: WordFilter }) {
  const strange = strangeOf(filter);
  const query = useInfiniteQuery({
    queryKey: wordListKey(account, source.from, strange),
    queryFn: ({ pageParam, signal }) => fetchWords({ from: source.from, strange }, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const entries = useMemo(() => mergePages(query.data?.pages, wordKey), [query.data]);

  if (query.isPending) return <ListSkeleton label="正在加载单词" />;
  if (query.isError && !query.data) {
    if (isLoggedOut(query.error)) return <LoginRequired title="登录已过期" text="请重新登录后查看单词本。" />;
    return <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  if (entries.length === 0) {
    return (
      <EmptyState
        title={emptyTitle(filter)}
        text={filter === 'all' ? source.emptyHint : '在“全部”里点击单词旁的“生词”或“熟词”来标记。'}
        action={filter === 'all' ? source.start : undefined}
      />
    );
  }

  const total = query.data.pages.at(-1)?.total ?? entries.length;
  return (
    <div data-testid="word-list">
      <p className="mb-3 text-xs text-ink-mute">共 {total} 个单词</p>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <WordListRow key={entry.lemma} entry={entry} account={account} listStrange={strange} />
        ))}
      </ul>
      <LoadMore query={query} shown={entries.length} total={total} />
    </div>
  );
}
