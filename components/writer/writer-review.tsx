'use client';

import { useState } from 'react';
import { type ReviewExam, useWriterReview } from '@/lib/client/writer/writer';
import { writerLimits } from '@/lib/contract';
import { examName } from '@/lib/contract/exams';
import { Button } from '@/components/ui/button';

const exams: { value: ReviewExam; label: string }[] = [
  { value: 'general', label: '通用（CEFR）' },
  ...(['gk', 'cet4', 'cet6', 'ky', 'ielts'] as const).map((tag) => ({ value: tag, label: examName(tag) })),
];

/**
 * The language model's review: a review, a corrected version and an estimated band, streamed in
 * and labelled as the model's. Without a configured model the screen says so and offers nothing.
 */
export function WriterReview({ text, modelAvailable }: { text: string; modelAvailable: boolean }) {
  const { state, start, reset } = useWriterReview();
  const [exam, setExam] = useState<ReviewExam>('general');
  const tooLong = text.length > writerLimits.maxReviewChars;

  if (!modelAvailable) {
    return (
      <p data-testid="writer-review-unavailable" className="rounded-xl bg-slate-50 p-3 text-sm text-ink-soft">
        本站暂未开通 AI 点评（修改稿和预估分数）。上面的自动检查不受影响，结果照常有效。
      </p>
    );
  }

  const streaming = state.status === 'streaming';
  const { review, corrected, band } = state.sections;
  return (
    <div data-testid="writer-review" className="flex flex-col gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1 text-ink-soft">
          评分标准
          <select
            value={exam}
            onChange={(e) => setExam(e.target.value as ReviewExam)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1"
            data-testid="writer-review-exam"
          >
            {exams.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="sm"
          data-testid="writer-review-start"
          disabled={streaming || tooLong || text.trim() === ''}
          onClick={() => start(text, exam)}
        >
          {streaming ? 'AI 点评中…' : state.status === 'idle' ? 'AI 点评' : '重新点评'}
        </Button>
        {state.status !== 'idle' && !streaming && (
          <button type="button" onClick={reset} className="rounded-lg px-2 py-1.5 text-ink-soft hover:bg-slate-100">
            清除
          </button>
        )}
      </div>
      {tooLong && <p className="text-amber-700">AI 点评一次最多 {writerLimits.maxReviewChars} 个字符，请分段点评。</p>}
      {state.status !== 'idle' && (
        <p className="rounded bg-violet-50 px-2 py-1 text-xs text-violet-800">
          以下内容由大模型{state.model ? `（${state.model}）` : ''}生成，仅供参考，请结合自动检查判断。
        </p>
      )}
      {streaming && !review && (
        <p className="text-ink-mute" role="status">
          正在等待大模型回复…
        </p>
      )}
      {review && (
        <section aria-label="AI 点评">
          <h3 className="mb-1 font-semibold">AI 点评</h3>
          <div data-testid="writer-review-text" className="whitespace-pre-wrap leading-relaxed">
            {review.trim()}
          </div>
        </section>
      )}
      {corrected && (
        <section aria-label="AI 修改稿">
          <h3 className="mb-1 font-semibold">AI 修改稿</h3>
          <div
            data-testid="writer-review-corrected"
            lang="en"
            className="whitespace-pre-wrap rounded-lg bg-emerald-50 p-3 leading-relaxed"
          >
            {corrected.trim()}
          </div>
        </section>
      )}
      {band && (
        <section aria-label="AI 预估分数">
          <h3 className="mb-1 font-semibold">AI 预估分数</h3>
          <p data-testid="writer-review-band" className="whitespace-pre-wrap leading-relaxed">
            {band.trim()}
          </p>
        </section>
      )}
      {state.status === 'failed' && (
        <p role="alert" data-testid="writer-review-error" className="rounded-lg bg-red-50 p-2 text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}
