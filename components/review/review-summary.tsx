'use client';

import { Link } from '@/components/ui/link';
import { callData } from '@/lib/client/api';
import { useQuery } from '@/lib/client/query';
import { useCurrentUser } from '@/lib/client/user';

/** The learner's review in the personal centre: what waits today, and the way to the statistics. */
export function ReviewSummary() {
  const { data: user } = useCurrentUser();
  const counts = useQuery({
    queryKey: ['review_counts', user?.account ?? null],
    queryFn: ({ signal }) => callData('review_counts', {}, signal),
    enabled: !!user,
  });
  if (!user) return null;
  return (
    <section data-testid="review-summary" aria-labelledby="review-summary-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="review-summary-title" className="text-lg font-semibold">
          我的复习
        </h2>
        <Link href="/review/stats" data-testid="admin-review-stats" className="text-sm text-brand-700 hover:underline">
          复习统计 →
        </Link>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <p className="text-sm text-ink-soft">
          {counts.data ? (
            <>
              待复习 <span className="text-lg font-semibold text-ink tabular-nums">{counts.data.due}</span> 张 · 今日新词{' '}
              <span className="text-lg font-semibold text-ink tabular-nums">{counts.data.new_left}</span> 张 · 共{' '}
              {counts.data.total} 张卡片
            </>
          ) : counts.isError ? (
            '复习情况加载失败'
          ) : (
            '加载中…'
          )}
        </p>
        <Link href="/review" className="text-sm font-medium text-brand-700 hover:underline">
          去复习 →
        </Link>
      </div>
    </section>
  );
}
