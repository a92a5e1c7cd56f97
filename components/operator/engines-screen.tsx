'use client';

import { useRequireLogin } from '@/components/account/use-require-login';
import { ListError, ListSkeleton } from '@/components/word-lists/history-list-states';
import { callData } from '@/lib/client/api';
import { ApiError } from '@/lib/client/errors';
import { useQuery } from '@/lib/client/query';
import { useCurrentUser } from '@/lib/client/user';
import { errorMessage } from '@/lib/client/word-lists/queries';
import type { EngineState } from '@/lib/contract';

const stateLabels: Record<EngineState['state'], { text: string; className: string }> = {
  on: { text: '已开启', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  sandbox: { text: '沙箱', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  off: { text: '未开启', className: 'bg-slate-100 text-ink-soft ring-slate-200' },
};

/**
 * /operator: which engines the running product has on (query_engines), for the accounts the
 * operator lists in EXPERT_ACCOUNTS. Each row says what learners are offered or miss because of
 * it, so that an operator sees why a feature is or is not on the membership page.
 */
export function EnginesScreen() {
  const { data: user, isPending: userPending } = useCurrentUser();
  const requireLogin = useRequireLogin();
  const engines = useQuery({
    queryKey: ['query_engines', user?.account],
    queryFn: ({ signal }) => callData('query_engines', undefined, signal),
    enabled: !!user,
    retry: false,
  });

  if (userPending) return <ListSkeleton rows={4} label="正在读取引擎状态" />;
  if (!user) {
    return (
      <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-ink-soft">
        这一页只给运营者看。
        <button type="button" onClick={() => requireLogin()} className="ml-2 font-medium text-brand-700 hover:underline">
          登录
        </button>
      </p>
    );
  }
  if (engines.isPending) return <ListSkeleton rows={4} label="正在读取引擎状态" />;
  if (engines.isError) {
    if (engines.error instanceof ApiError && engines.error.httpStatus === 403) {
      return (
        <p data-testid="engines-forbidden" className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-ink-soft">
          只有运营者账号（EXPERT_ACCOUNTS 中列出的账号）可以查看。
        </p>
      );
    }
    return (
      <ListError message={errorMessage(engines.error)} onRetry={() => void engines.refetch()} retrying={engines.isRefetching} />
    );
  }
  return (
    <ul data-testid="engines" className="flex flex-col gap-3">
      {engines.data.engines.map((e) => (
        <li key={e.engine} data-engine={e.engine} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-medium">{e.title}</h2>
            <span className={`rounded-full px-2 py-0.5 text-xs ring-1 ${stateLabels[e.state].className}`}>
              {stateLabels[e.state].text}
            </span>
          </div>
          <p className="mt-1 break-words text-sm text-ink-soft">{e.detail}</p>
          <p className="mt-1 text-sm">{e.effect}</p>
        </li>
      ))}
    </ul>
  );
}
