'use client';

import { callData } from '@/lib/client/api';
import { useQuery } from '@/lib/client/query';
import { useCurrentUser } from '@/lib/client/user';

/**
 * What a visitor, a logged-in learner and a member may use for free today, with the counts the
 * operator configured (query_free_uses): the row that is the reader's own is marked.
 */
export function FreeUsesLine() {
  const { data: user } = useCurrentUser();
  const uses = useQuery({
    queryKey: ['query_free_uses'],
    queryFn: ({ signal }: { signal: AbortSignal }) => callData('query_free_uses', undefined, signal),
    staleTime: 5 * 60_000,
  });
  const mine = !user ? 'anonymous' : user.isVip ? 'vip' : 'loggedIn';
  const count = (n: number | undefined) => (n === undefined ? '…' : String(n));
  const rows = [
    {
      who: 'anonymous',
      title: '未登录',
      text: `每天免费查词 ${count(uses.data?.anonymous)} 次、分析句子 ${count(uses.data?.anonymous)} 次`,
    },
    {
      who: 'loggedIn',
      title: '登录后',
      text: `每天免费查词 ${count(uses.data?.logged_in)} 次、分析句子 ${count(uses.data?.logged_in)} 次`,
    },
    { who: 'vip', title: '会员', text: '查词和句子分析不限次数，并能识别整篇文章中的词组' },
  ] as const;

  return (
    <section
      aria-labelledby="free-uses-title"
      data-testid="free-uses"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="free-uses-title" className="text-lg font-semibold">
        你今天可以免费用多少
      </h2>
      {uses.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          免费次数暂时查不到，请稍后刷新。查词和句子分析对所有人每天都有免费次数。
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {rows.map((row) => (
            <li
              key={row.who}
              data-testid={`free-uses-${row.who}`}
              aria-current={row.who === mine ? 'true' : undefined}
              className={`flex flex-wrap items-baseline gap-x-3 rounded-lg px-3 py-2 text-sm ${
                row.who === mine ? 'bg-brand-50 ring-1 ring-brand-200' : 'bg-slate-50'
              }`}
            >
              <span className="w-14 shrink-0 font-medium">{row.title}</span>
              <span className="text-ink-soft">{row.text}</span>
              {row.who === mine && <span className="ml-auto text-xs text-brand-700">你现在</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-ink-mute">拍照识别、写作检查、词汇量测试和阅读不计次数。次数按北京时间每天零点重置。</p>
    </section>
  );
}
