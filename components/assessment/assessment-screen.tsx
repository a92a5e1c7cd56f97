'use client';

import { useEffect } from 'react';
import { useRequireLogin } from '@/components/account/use-require-login';
import { useAssessment } from '@/lib/client/assessment/use-assessment';
import type { AssessmentItem } from '@/lib/contract';
import { AssessmentResultView } from './assessment-result';
import { Button } from '@/components/ui/button';

/**
 * /assessment: the intro, the test (big 认识/不认识 buttons, keys 1 and 2; then the meaning
 * checks, keys 1–4 and 5 for 不认识), and the result. A visitor sees the result too, with an
 * invitation to log in and keep it.
 */
export function AssessmentScreen() {
  const { state, loggedIn, begin, reply, quit, restart } = useAssessment();
  const requireLogin = useRequireLogin();
  const { item } = state;

  useEffect(() => {
    if (state.phase !== 'test' || !item) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (item.kind === 'yes_no') {
        if (event.key === '1') reply(true);
        else if (event.key === '2') reply(false);
        else return;
      } else {
        const n = Number(event.key);
        const options = item.options?.length ?? 0;
        if (n >= 1 && n <= options) reply(n - 1);
        else if (n === options + 1) reply(null);
        else return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.phase, item, reply]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 md:py-12">
      {state.phase === 'intro' ? (
        <section data-testid="assessment-intro" className="flex flex-col gap-4">
          <h1 className="text-2xl font-semibold">词汇量测试</h1>
          <p className="text-ink-soft">3 分钟内估算你的英语词汇量和达到的考试水平，并推荐适合开始学习的词书。</p>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-soft">
            <li>屏幕上依次出现 48 个词，凭第一感觉选「认识」或「不认识」。题目会随你的回答调整难度。</li>
            <li>其中有一些看起来像英文、其实不存在的假词：认识的才选「认识」，猜测会被识别并扣除。</li>
            <li>最后有几道释义题：为你认识的词选出正确的中文意思。</li>
          </ol>
          <p className="text-sm text-ink-mute">
            键盘：1 认识，2 不认识。{loggedIn ? '结果会保存到个人中心。' : '登录后结果可保存到个人中心。'}
          </p>
          {state.error ? (
            <p role="alert" className="text-sm text-red-700">
              {state.error}
            </p>
          ) : null}
          <Button size="xl" data-testid="assessment-start" onClick={begin} disabled={state.busy} className="self-start">
            {state.busy ? '准备题目…' : state.error ? '重试' : '开始测试'}
          </Button>
        </section>
      ) : null}

      {state.phase === 'test' && item ? (
        <section data-testid="assessment-test" aria-label="词汇量测试" className="flex flex-col gap-6">
          <Progress answered={state.progress?.answered ?? 0} total={state.progress?.total ?? 1} />
          {item.kind === 'yes_no' ? (
            <YesNo item={item} busy={state.busy} onAnswer={reply} />
          ) : (
            <MeaningCheck item={item} busy={state.busy} onAnswer={reply} />
          )}
          {state.error ? (
            <p role="alert" className="text-sm text-red-700">
              {state.error}（请再点一次）
            </p>
          ) : null}
          <button
            type="button"
            data-testid="assessment-quit"
            onClick={() => {
              const early = state.progress?.can_finish;
              if (
                window.confirm(early ? '现在结束测试？将根据已答的题目估算，范围会较宽。' : '现在退出？已答题目太少，无法估算。')
              )
                quit();
            }}
            className="self-center text-sm text-ink-mute hover:text-ink-soft hover:underline"
          >
            {state.progress?.can_finish ? '结束测试并查看结果' : '退出测试'}
          </button>
        </section>
      ) : null}

      {state.phase === 'result' && state.result ? (
        <section className="flex flex-col gap-6">
          <h1 className="text-2xl font-semibold">测试结果</h1>
          {!state.result.kept ? (
            <div
              data-testid="assessment-login-invite"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm"
            >
              <span>登录后可把结果保存到个人中心，以后再测可以看到进步。</span>
              <Button size="sm" onClick={requireLogin}>
                登录保存结果
              </Button>
            </div>
          ) : (
            <p data-testid="assessment-kept" className="text-sm text-green-700">
              结果已保存到个人中心。
            </p>
          )}
          <AssessmentResultView result={state.result} />
          <Button tone="secondary" onClick={restart} className="self-start">
            再测一次
          </Button>
        </section>
      ) : null}
    </div>
  );
}

function Progress({ answered, total }: { answered: number; total: number }) {
  const share = Math.min(100, Math.round((answered / Math.max(1, total)) * 100));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="答题进度"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <span data-testid="assessment-progress" className="text-sm tabular-nums text-ink-mute">
        {answered}/{total}
      </span>
    </div>
  );
}

interface ItemProps {
  item: AssessmentItem;
  busy: boolean;
  onAnswer: (value: boolean | number | null) => void;
}

function YesNo({ item, busy, onAnswer }: ItemProps) {
  return (
    <div className="flex flex-col items-center gap-8">
      <p className="text-sm text-ink-mute">你认识这个词吗？</p>
      <p data-testid="assessment-word" lang="en" className="break-all text-center text-5xl font-semibold md:text-6xl">
        {item.word}
      </p>
      <div className="grid w-full grid-cols-2 gap-3 md:gap-4">
        <Button size="xl" data-testid="assessment-yes" disabled={busy} onClick={() => onAnswer(true)}>
          认识 <kbd className="ml-1 hidden text-sm opacity-80 md:inline">1</kbd>
        </Button>
        <Button tone="secondary" size="xl" data-testid="assessment-no" disabled={busy} onClick={() => onAnswer(false)}>
          不认识 <kbd className="ml-1 hidden text-sm text-ink-mute md:inline">2</kbd>
        </Button>
      </div>
    </div>
  );
}

function MeaningCheck({ item, busy, onAnswer }: ItemProps) {
  const options = item.options ?? [];
  return (
    <div className="flex flex-col items-center gap-6">
      <p className="text-sm text-ink-mute">释义检验：选出这个词的中文意思</p>
      <p data-testid="assessment-word" lang="en" className="break-all text-center text-4xl font-semibold md:text-5xl">
        {item.word}
      </p>
      <div className="grid w-full gap-2 md:grid-cols-2">
        {options.map((option, i) => (
          <button
            key={option}
            type="button"
            data-testid="assessment-option"
            disabled={busy}
            onClick={() => onAnswer(i)}
            className="rounded-xl border border-slate-300 bg-white px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50 disabled:opacity-60"
          >
            <kbd className="mr-2 hidden text-xs text-ink-mute md:inline">{i + 1}</kbd>
            {option}
          </button>
        ))}
      </div>
      <button
        type="button"
        data-testid="assessment-dont-know"
        disabled={busy}
        onClick={() => onAnswer(null)}
        className="rounded-xl px-4 py-2 text-ink-soft hover:bg-slate-100 disabled:opacity-60"
      >
        不认识 <kbd className="ml-1 hidden text-xs md:inline">{options.length + 1}</kbd>
      </button>
    </div>
  );
}
