'use client';

import { useQuery } from '@/lib/client/query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '@/lib/client/user';
import { callData } from '@/lib/client/api';
import type { LookupEntry, WordListEntry } from '@/lib/contract';

// The word-list screens' query keys, so that their changes refresh this corner too. Not imported
// from their module, which fetches the API core as soon as it loads: a visitor's portal need not.
const lookupsKey = (account: string) => ['query_text_history', account];
const wordListsKey = (account: string) => ['query_history', account];

const shown = 5;

/**
 * The portal's corner for a logged-in learner: the latest lookups and words of their word book.
 * It renders only in the browser, after hydration, so the portal's HTML is the same for everyone
 * and can be cached; a visitor sees nothing here.
 */
export function PortalLearner() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { data: user } = useCurrentUser();
  if (!mounted || !user) return null;
  return <LearnerLists account={user.account} />;
}

function LearnerLists({ account }: { account: string }) {
  const lookups = useQuery({
    queryKey: [...lookupsKey(account), 'portal'],
    queryFn: ({ signal }): Promise<{ total: number; items: LookupEntry[] }> =>
      callData('query_text_history', { page: 1, page_size: shown }, signal),
  });
  const words = useQuery({
    queryKey: [...wordListsKey(account), 'portal'],
    queryFn: ({ signal }): Promise<{ total: number; items: WordListEntry[] }> =>
      callData('query_history', { page: 1, page_size: shown }, signal),
  });
  return (
    <section aria-labelledby="portal-mine" data-testid="portal-learner" className="grid gap-4 md:grid-cols-2">
      <h2 id="portal-mine" className="sr-only">
        我的学习
      </h2>
      <Panel title="最近查词" href="/ContextualDictHistory" more="全部查词记录" state={lookups}>
        {(lookups.data?.items ?? []).slice(0, shown).map((entry) => (
          <li key={entry.id} className="truncate text-sm">
            <span lang="en" className="font-medium">
              {entry.target_word}
            </span>
          </li>
        ))}
      </Panel>
      <Panel title="我的单词本" href="/Words" more="打开单词本" state={words}>
        {(words.data?.items ?? []).slice(0, shown).map((entry) => (
          <li key={`${entry.word}-${entry.from}`} className="flex justify-between gap-2 text-sm">
            <span lang="en" className="font-medium">
              {entry.word}
            </span>
            <span className="text-xs text-ink-mute">{entry.strange === 1 ? '生词' : entry.strange === 0 ? '熟词' : ''}</span>
          </li>
        ))}
      </Panel>
    </section>
  );
}

function Panel({
  title,
  href,
  more,
  state,
  children,
}: {
  title: string;
  href: string;
  more: string;
  state: { isPending: boolean; isError: boolean; data?: { total: number } };
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-medium">{title}</h3>
      {state.isPending ? (
        <p className="mt-2 text-sm text-ink-mute">正在加载…</p>
      ) : state.isError ? (
        <p className="mt-2 text-sm text-ink-mute">暂时无法加载。</p>
      ) : state.data?.total === 0 ? (
        <p className="mt-2 text-sm text-ink-mute">还没有记录：在文章或词典里点一个单词试试。</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1">{children}</ul>
      )}
      <Link href={href} className="mt-3 inline-block text-sm text-brand-700 hover:underline">
        {more} →
      </Link>
    </div>
  );
}
