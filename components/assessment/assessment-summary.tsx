'use client';

import { Link } from '@/components/ui/link';
import { useAssessmentHistory } from '@/lib/client/assessment/use-assessment';
import { useCurrentUser } from '@/lib/client/user';
import { pathFor } from '@/lib/routes/route-table';

const number = (n: number) => n.toLocaleString('zh-CN');
const day = (iso: string) => new Date(iso).toLocaleDateString('zh-CN');

/** The learner's vocabulary in the personal centre: the latest estimate and the earlier ones. */
export function AssessmentSummary() {
  const { data: user } = useCurrentUser();
  const results = useAssessmentHistory(user?.account);
  if (!user) return null;

  return (
    <section data-testid="assessment-summary" aria-labelledby="assessment-summary-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="assessment-summary-title" className="text-lg font-semibold">
          我的词汇量
        </h2>
        <Link href={pathFor('assessment')} className="text-sm text-brand-700 hover:underline">
          {results.data?.result ? '再测一次' : '去测试'} →
        </Link>
      </div>
      {results.isPending ? (
        <p role="status" className="text-sm text-ink-mute">
          加载中…
        </p>
      ) : results.isError ? (
        <p role="alert" className="text-sm text-red-700">
          词汇量结果加载失败
          <button type="button" onClick={() => results.refetch()} className="ml-2 text-brand-700 underline">
            重试
          </button>
        </p>
      ) : !results.data.result ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-ink-soft">
          还没有测过词汇量。3 分钟测出你的词汇量和考试水平。
        </p>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <p>
            <span data-testid="assessment-summary-size" className="text-3xl font-semibold tabular-nums">
              {number(results.data.result.size)}
            </span>
            <span className="ml-1 text-sm text-ink-soft">词</span>
            <span className="ml-3 text-sm text-ink-soft">
              （{number(results.data.result.low)} – {number(results.data.result.high)}）
              {results.data.result.level ? `· 已达到「${results.data.result.level.label}」水平` : ''}
            </span>
          </p>
          {results.data.history.length > 1 ? (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-mute">
              {results.data.history.map((h) => (
                <li key={h.finished_at}>
                  {day(h.finished_at)}：{number(h.size)} 词
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </section>
  );
}
