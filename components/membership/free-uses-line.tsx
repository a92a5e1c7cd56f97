'use client';

import { useFreeUses } from '@/lib/client/membership/queries';
import { useCurrentUser } from '@/lib/client/user';
import { vipBenefits } from '@/lib/membership/benefits';

/**
 * What a visitor, a logged-in learner and a member may use for free today, with the counts the
 * operator configured (query_free_uses): the row that is the reader's own is marked.
 */
export function FreeUsesLine() {
  const { data: user } = useCurrentUser();
  const uses = useFreeUses();
  const mine = !user ? 'anonymous' : user.isVip ? 'vip' : 'loggedIn';
  // The features counted here (each on its own), in the learner's words: the benefits table has
  // one entry per metered feature; the server lists those its configuration counts.
  const names = (uses.data?.metered ?? ['query_word', 'analyze_sentence']).map((feature) => vipBenefits[feature].name);
  const perDay = (n: number | undefined) =>
    `每天免费${names.map((name) => `${name} ${n === undefined ? '…' : n} 次`).join('、')}`;
  const rows = [
    { who: 'anonymous', title: '未登录', text: perDay(uses.data?.anonymous) },
    { who: 'loggedIn', title: '登录后', text: perDay(uses.data?.logged_in) },
    { who: 'vip', title: '会员', text: `${names.join('、')}不限次数，并能识别整篇文章中的词组` },
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
      <p className="mt-3 text-xs text-ink-mute">
        写作的自动检查、整篇文章解析、词汇量测试和阅读不计次数。次数按北京时间每天零点重置。
      </p>
    </section>
  );
}
