'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { PlayButton } from '@/components/audio/play-button';
import { Button, buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { RetryButton } from '@/components/ui/retry-button';
import { LoginRequired } from '@/components/word-lists/history-list-states';
import { ReviewTools } from './review-tools';
import { ApiError } from '@/lib/client/errors';
import { clozeOf } from '@/lib/text/cloze';
import { intervalLabel, nextDueLabel } from '@/lib/client/review/intervals';
import { type NextCard, useReviewSession } from '@/lib/client/review/session';
import { useCurrentUser } from '@/lib/client/user';
import { type ReviewCard, type ReviewRating, reviewRatings, type ReviewSentence } from '@/lib/contract';
import { examName } from '@/lib/contract/exams';

/**
 * /review: the learner's cards, one sense at a time, asked in a sentence they met it in with the
 * word blanked; reveal (space) shows the word, its sense in Chinese and English, its sound and
 * its other sentences; 重来 / 困难 / 良好 / 简单 (keys 1–4) schedule it with FSRS; Z undoes the
 * last rating.
 */
export function ReviewScreen() {
  const { data: user } = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-44 md:pt-10 md:pb-12">
      {user === undefined ? (
        <CardSkeleton />
      ) : user ? (
        <ReviewSession />
      ) : (
        <>
          <h1 className="text-2xl font-semibold">复习</h1>
          <LoginRequired
            title="登录后复习生词"
            text="登录后，你标为生词的词义、查过两次的词义会按记忆规律安排复习，每次都用你遇到它的句子来考你。"
          />
        </>
      )}
    </div>
  );
}

function ReviewSession() {
  const session = useReviewSession();
  const { view, last, busy, reveal, rate, undo } = session;
  useReviewKeys(session);

  if (view.status === 'error') {
    if (view.error instanceof ApiError && view.error.httpStatus === 401) {
      return <LoginRequired title="登录已过期" text="请重新登录后继续复习。" />;
    }
    return (
      <div role="alert" data-testid="review-error" className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="text-red-600">{view.error.message || '加载失败'}</p>
        <RetryButton testId="review-retry" onRetry={session.reload} retrying={false} />
      </div>
    );
  }
  const next = view.status === 'ready' ? view.next : null;
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">复习</h1>
        {next && <Counts counts={next.counts} />}
      </header>
      <div className="mt-5">
        {view.status === 'loading' || !next ? (
          <CardSkeleton />
        ) : next.card ? (
          <CardView
            key={`${next.card.card_id}:${next.card.reps}`}
            card={next.card}
            options={next.options}
            revealed={view.status === 'ready' && view.revealed}
            busy={busy}
            onReveal={reveal}
            onRate={rate}
          />
        ) : next.counts.total === 0 ? (
          <NoCards />
        ) : (
          <Finished next={next} reviewed={session.reviewed} />
        )}
      </div>
      {last && (
        <div className="mt-4 flex justify-center md:justify-start">
          <Button tone="quiet" size="sm" data-testid="review-undo" disabled={busy} onClick={() => void undo()}>
            ↶ 撤销对 <span lang="en">{last.word}</span> 的评分
            <kbd className="ml-1 hidden rounded border border-slate-300 px-1 text-xs text-ink-mute md:inline">Z</kbd>
          </Button>
        </div>
      )}
      {next && next.counts.total > 0 && <ReviewTools onSettingsSaved={session.reload} />}
    </>
  );
}

/** Space or Enter reveals, 1–4 rate, Z undoes, unless the learner is typing or a dialog is open. */
function useReviewKeys({ view, reveal, rate, undo }: ReturnType<typeof useReviewSession>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (view.status !== 'ready' || (event.ctrlKey && event.key.toLowerCase() !== 'z')) return;
      const onButton = target?.closest('button, a');
      if ((event.key === ' ' || event.key === 'Enter') && !onButton && view.next.card && !view.revealed) {
        event.preventDefault();
        reveal();
      } else if (/^[1-4]$/.test(event.key) && view.revealed) {
        event.preventDefault();
        void rate(Number(event.key) as ReviewRating);
      } else if (event.key.toLowerCase() === 'z') {
        event.preventDefault();
        void undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view, reveal, rate, undo]);
}

function Counts({ counts }: { counts: NextCard['counts'] }) {
  return (
    <dl data-testid="review-counts" className="flex gap-4 text-sm">
      <Count label="待复习" value={counts.due} testId="review-due" tone="text-brand-700" />
      <Count label="新词" value={counts.new_left} testId="review-new" tone="text-emerald-700" />
      <Count label="今日已复习" value={counts.reviewed_today} testId="review-done" tone="text-ink-soft" />
    </dl>
  );
}

function Count({ label, value, testId, tone }: { label: string; value: number; testId: string; tone: string }) {
  return (
    <div className="flex items-baseline gap-1">
      <dt className="text-ink-mute">{label}</dt>
      <dd data-testid={testId} className={`text-base font-semibold tabular-nums ${tone}`}>
        {value}
      </dd>
    </div>
  );
}

const sourceLabels: Record<ReviewSentence['source'], string> = {
  lookup: '查词',
  reading: '阅读',
  course: '课程',
  list: '词单',
};

function CardView({
  card,
  options,
  revealed,
  busy,
  onReveal,
  onRate,
}: {
  card: ReviewCard;
  options: NextCard['options'];
  revealed: boolean;
  busy: boolean;
  onReveal: () => void;
  onRate: (rating: ReviewRating) => void;
}) {
  const front = card.sentences[card.front] ?? card.sentences[0];
  const cloze = clozeOf(front);
  const others = card.sentences.filter((s) => s !== front);
  return (
    <article data-testid="review-card" data-card-id={card.card_id} className="flex flex-col gap-4">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-7">
        <div className="flex items-center justify-between gap-3 text-xs text-ink-mute">
          <span>
            {card.state === 'new' ? '新词' : card.state === 'review' ? '复习' : '巩固'}
            {card.pos && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-ink-soft">{card.pos}</span>}
          </span>
          <span>
            {sourceLabels[front.source]}
            {card.sentences.length > 1 && ` · 见过 ${card.sentences.length} 次`}
          </span>
        </div>
        <p lang="en" data-testid="review-sentence" className="mt-4 text-xl leading-relaxed md:text-2xl">
          {cloze.before}
          <span
            data-testid="review-blank"
            className={`mx-0.5 inline-block min-w-[4ch] border-b-2 px-1 text-center font-semibold ${
              revealed ? 'border-brand-500 text-brand-700' : 'border-slate-400 text-transparent'
            }`}
          >
            {revealed ? cloze.word : '\u00a0'.repeat(Math.max(4, cloze.word.length))}
          </span>
          {cloze.after}
        </p>
        <div className="mt-3 flex items-center gap-1 text-sm text-ink-mute">
          <PlayButton text={cloze.sentence} voice="us" label="朗读这句" />
          <span>朗读这句</span>
        </div>
        {revealed && <Answer card={card} others={others} />}
      </section>
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur md:static md:border-0 md:bg-transparent md:p-0">
        {revealed ? (
          <fieldset className="mx-auto grid max-w-2xl grid-cols-4 gap-2">
            <legend className="sr-only">你记得怎么样？</legend>
            {reviewRatings.map(({ rating, label }) => {
              const outcome = options.find((o) => o.rating === rating);
              return (
                <button
                  key={rating}
                  type="button"
                  data-testid={`rate-${rating}`}
                  disabled={busy}
                  onClick={() => onRate(rating)}
                  className={`flex min-h-14 flex-col items-center justify-center rounded-xl border px-1 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 ${ratingTones[rating]}`}
                >
                  <span>{label}</span>
                  <span data-testid={`rate-${rating}-interval`} className="mt-0.5 text-xs font-normal opacity-80">
                    {outcome ? intervalLabel(outcome.interval_ms) : ''}
                  </span>
                  <kbd className="sr-only">{rating}</kbd>
                </button>
              );
            })}
          </fieldset>
        ) : (
          <div className="mx-auto max-w-2xl">
            <Button size="xl" data-testid="review-reveal" className="w-full" onClick={onReveal}>
              显示答案
              <kbd className="ml-2 hidden rounded border border-white/50 px-1.5 text-xs font-normal md:inline">空格</kbd>
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}

const ratingTones: Record<ReviewRating, string> = {
  1: 'border-red-200 bg-red-50 text-red-700 hover:bg-red-100',
  2: 'border-amber-200 bg-amber-50 text-amber-800 hover:bg-amber-100',
  3: 'border-emerald-200 bg-emerald-50 text-emerald-800 hover:bg-emerald-100',
  4: 'border-sky-200 bg-sky-50 text-sky-800 hover:bg-sky-100',
};

function Answer({ card, others }: { card: ReviewCard; others: ReviewSentence[] }) {
  return (
    <div data-testid="review-answer" className="mt-5 border-t border-slate-200 pt-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 lang="en" data-testid="review-word" className="text-2xl font-semibold">
          {card.headword}
        </h2>
        <span className="flex items-center text-sm text-ink-mute">
          英
          <PlayButton text={card.headword} voice="uk" repeat={1} label="播放英式发音" />
        </span>
        <span className="flex items-center text-sm text-ink-mute">
          美
          <PlayButton text={card.headword} voice="us" repeat={1} label="播放美式发音" />
        </span>
      </div>
      {card.sense_zh && (
        <p data-testid="review-sense-zh" className="mt-3 text-lg">
          {card.sense_zh}
        </p>
      )}
      <p lang="en" data-testid="review-sense-en" className="mt-1 text-ink-soft">
        {card.sense_en}
      </p>
      {card.exams.length > 0 && (
        <ul aria-label="考试" className="mt-3 flex flex-wrap gap-1.5">
          {card.exams.map((tag) => (
            <li key={tag} className="rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">
              {examName(tag)}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium text-ink-mute">你还在这些句子里见过它</h3>
          <ul data-testid="review-other-sentences" className="mt-2 flex flex-col gap-2">
            {others.map((s) => {
              const c = clozeOf(s);
              return (
                <li
                  key={`${c.sentence}:${s.source}`}
                  lang="en"
                  className="rounded-lg bg-slate-50 px-3 py-2 text-sm leading-relaxed"
                >
                  {c.before}
                  <mark className="rounded bg-amber-100 px-0.5">{c.word}</mark>
                  {c.after}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function Finished({ next, reviewed }: { next: NextCard; reviewed: number }) {
  const [now] = useState(() => new Date());
  return (
    <EndPanel testId="review-finished" icon="🎉" title="今天的复习完成了">
      <p className="mt-2 text-sm text-ink-soft">
        {reviewed > 0 ? `这次复习了 ${reviewed} 张卡片，` : ''}今日共复习 {next.counts.reviewed_today} 次。
        {next.next_due ? `下一张卡片 ${nextDueLabel(next.next_due, now)} 到期。` : ''}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link href="/ReadNews" className={buttonClass({ size: 'lg' })}>
          去阅读
        </Link>
        <Link href="/Words" className={buttonClass({ tone: 'secondary', size: 'lg' })}>
          单词本
        </Link>
      </div>
    </EndPanel>
  );
}

function NoCards() {
  return (
    <EndPanel testId="review-empty" icon="📖" title="还没有要复习的词">
      <p className="mt-2 max-w-md text-sm text-ink-soft">
        查词时在面板里把词义标为「生词」，或者同一个词义查过两次，它就会来到这里，用你遇到它的句子来复习。
      </p>
      <Link href="/ContextualDict" className={buttonClass({ size: 'lg' }, 'mt-6')}>
        去查词
      </Link>
    </EndPanel>
  );
}

/** Where a session ends: all done for now, or nothing to review yet. */
function EndPanel({ testId, icon, title, children }: { testId: string; icon: string; title: string; children: ReactNode }) {
  return (
    <section data-testid={testId} className="flex flex-col items-center rounded-2xl bg-white px-4 py-14 text-center shadow-sm">
      <div aria-hidden className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-2xl">
        {icon}
      </div>
      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function CardSkeleton() {
  return (
    <div
      role="status"
      aria-label="正在加载"
      data-testid="review-loading"
      className="animate-pulse rounded-2xl border border-slate-200 bg-white p-6"
    >
      <div className="h-3 w-24 rounded bg-slate-200" />
      <div className="mt-5 h-6 w-full rounded bg-slate-200" />
      <div className="mt-2 h-6 w-2/3 rounded bg-slate-200" />
    </div>
  );
}
