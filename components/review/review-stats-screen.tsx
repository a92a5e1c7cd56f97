'use client';

import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from '@/components/ui/link';
import { RetryButton } from '@/components/ui/retry-button';
import { LoginRequired } from '@/components/word-lists/history-list-states';
import { callData } from '@/lib/client/api';
import { useQuery } from '@/lib/client/query';
import { useCurrentUser } from '@/lib/client/user';
import type { ReviewStats } from '@/lib/contract';

const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
const bucketName = ({ from, to }: { from: number; to: number }) =>
  from === to ? `${from}天` : to > 1000 ? `${from}天以上` : `${from}–${to}天`;

/**
 * /review/stats: the learner's reviews a day, true retention by interval, cards by state, the
 * next 30 days' due cards and the streak, drawn with Recharts (loaded on this page only).
 */
export function ReviewStatsScreen() {
  const { data: user } = useCurrentUser();
  const stats = useQuery({
    queryKey: ['review_stats', user?.account ?? null],
    queryFn: ({ signal }) => callData('review_stats', {}, signal),
    enabled: !!user,
  });
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">复习统计</h1>
        <Link href="/review" className="text-sm text-brand-700 hover:underline">
          去复习 →
        </Link>
      </div>
      {user === null ? (
        <LoginRequired title="登录后查看复习统计" text="登录后，你的每一次复习都会记录下来，这里按天、按间隔统计。" />
      ) : stats.isError ? (
        <div role="alert" data-testid="stats-error" className="mt-8 flex flex-col items-center gap-3 text-center">
          <p className="text-red-600">{stats.error.message || '加载失败'}</p>
          <RetryButton testId="stats-retry" onRetry={() => stats.refetch()} retrying={stats.isFetching} />
        </div>
      ) : !stats.data ? (
        <div
          role="status"
          aria-label="正在加载"
          data-testid="stats-loading"
          className="mt-6 h-64 animate-pulse rounded-2xl bg-slate-200"
        />
      ) : (
        <StatsView stats={stats.data} />
      )}
    </div>
  );
}

function StatsView({ stats }: { stats: ReviewStats }) {
  const today = stats.days.at(-1);
  const total = stats.states.new + stats.states.learning + stats.states.review + stats.states.relearning;
  const retention = stats.retention
    .filter((b) => b.reviews > 0)
    .map((b) => ({ name: bucketName(b), 记住率: Math.round((100 * b.recalled) / b.reviews), 次数: b.reviews }));
  return (
    <div data-testid="review-stats" className="mt-6 flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Tile label="今日复习" value={today?.reviews ?? 0} testId="stats-today" />
        <Tile label="连续复习" value={`${stats.streak} 天`} testId="stats-streak" />
        <Tile label="卡片总数" value={total} testId="stats-total" />
        <Tile label="已掌握" value={stats.states.known} testId="stats-known" hint="稳定超过 21 天" />
      </dl>
      <Panel title="每天复习（近 30 天）" testId="stats-days">
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={stats.days.map((d) => ({ day: shortDay(d.day), 记得: d.recalled, 忘了: d.reviews - d.recalled }))}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" fontSize={12} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} fontSize={12} width={32} />
            <Tooltip />
            <Legend />
            <Bar dataKey="记得" stackId="r" fill="#10b981" />
            <Bar dataKey="忘了" stackId="r" fill="#f87171" />
          </BarChart>
        </ResponsiveContainer>
      </Panel>
      <div className="grid gap-6 md:grid-cols-2">
        <Panel title="真实记住率（按距上次复习的天数）" testId="stats-retention">
          {retention.length === 0 ? (
            <p className="py-10 text-center text-sm text-ink-mute">复习过几轮后，这里会显示隔了多久还记得多少。</p>
          ) : (
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={retention}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" fontSize={12} />
                <YAxis domain={[0, 100]} unit="%" fontSize={12} width={40} />
                <Tooltip />
                <Bar dataKey="记住率" fill="#2563eb" />
              </BarChart>
            </ResponsiveContainer>
          )}
        </Panel>
        <Panel title="卡片状态" testId="stats-states">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            <State label="新词" value={stats.states.new} tone="bg-emerald-50 text-emerald-800" />
            <State label="学习中" value={stats.states.learning} tone="bg-amber-50 text-amber-800" />
            <State label="复习中" value={stats.states.review} tone="bg-sky-50 text-sky-800" />
            <State label="重学中" value={stats.states.relearning} tone="bg-rose-50 text-rose-800" />
          </ul>
        </Panel>
      </div>
      <Panel title="未来 30 天到期" testId="stats-forecast">
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={stats.forecast.map((d) => ({ day: shortDay(d.day), 到期: d.due }))}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" fontSize={12} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} fontSize={12} width={32} />
            <Tooltip />
            <Bar dataKey="到期" fill="#8b5cf6" />
          </BarChart>
        </ResponsiveContainer>
      </Panel>
    </div>
  );
}

function Tile({ label, value, testId, hint }: { label: string; value: number | string; testId: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs text-ink-mute">
        {label}
        {hint && <span className="ml-1">（{hint}）</span>}
      </dt>
      <dd data-testid={testId} className="mt-1 text-2xl font-semibold tabular-nums">
        {value}
      </dd>
    </div>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section data-testid={testId} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-sm font-medium text-ink-soft">{title}</h2>
      {children}
    </section>
  );
}

function State({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <li className={`flex items-baseline justify-between rounded-lg px-3 py-2 ${tone}`}>
      <span>{label}</span>
      <span className="text-lg font-semibold tabular-nums">{value}</span>
    </li>
  );
}
