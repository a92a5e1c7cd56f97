'use client';

import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { ClickableText } from '@/components/dictionary/clickable-text';
import { PlayButton } from '@/components/audio/play-button';
import { useRequireLogin } from '@/components/account/use-require-login';
import type { UnitContent } from '@/lib/client/courses/queries';
import type { CourseAddress } from '@/lib/routes/course-links';
import { Button, buttonClass } from '@/components/ui/button';

/** Tells an anonymous learner that nothing is saved, and offers the login. */
export function ProgressLoginNotice({ compact = false }: { compact?: boolean }) {
  const requireLogin = useRequireLogin();
  return (
    <div
      data-testid="progress-login-notice"
      className={`flex flex-wrap items-center gap-2 border border-amber-200 bg-amber-50 text-sm text-amber-900 ${
        compact ? 'rounded-lg px-3 py-2' : 'rounded-xl px-4 py-3'
      }`}
    >
      <p className="flex-1">未登录也可以学习，但学习进度和单词标记不会保存。</p>
      <Button size="sm" onClick={requireLogin}>
        登录保存进度
      </Button>
    </div>
  );
}

/** A passage (a document's paragraphs of sentences) with every word clickable in its sentence. */
export function PassageText({
  title,
  paragraphs,
}: {
  title: string;
  paragraphs: readonly (readonly { id: number; text: string }[])[];
}) {
  return (
    <>
      <h2 lang="en" className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      <div className="flex flex-col gap-4">
        {paragraphs.map((paragraph) => (
          <ClickableText key={paragraph[0]?.id} text={paragraph.map((s) => s.text).join(' ')} from="course" />
        ))}
      </div>
    </>
  );
}

/** What every lesson gets from the screen around it. */
export interface LessonProps<T extends UnitContent['type']> {
  book: CourseAddress;
  content: Extract<UnitContent, { type: T }>;
  /** Where the lesson opens: the stored position of an unfinished unit, else the start. */
  start: number;
  /** Stores the position (logged-in learners only; a no-op otherwise). */
  save: (position: number, done: boolean) => void;
  loggedIn: boolean;
  /** The lesson's end screen links. */
  links: LessonLinks;
}

export interface LessonLinks {
  detail: string;
  /** The next unit's lesson, when the book has one. */
  next: string | null;
}

/** How far the learner is in the unit; `text` words the count ('第 3 / 20 题'), 'at / total' without it. */
export function LessonProgress({ at, total, label, text }: { at: number; total: number; label: string; text?: string }) {
  const ratio = total > 0 ? Math.min(1, at / total) : 0;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={at}
        data-testid="lesson-progress"
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
      <span className="shrink-0 text-xs text-ink-mute tabular-nums" data-testid="lesson-count">
        {text ?? `${at} / ${total}`}
      </span>
    </div>
  );
}

/** The end of a unit: what was done, and where to go next. */
export function LessonFinished({
  title,
  children,
  links,
  onRestart,
}: {
  title: string;
  children?: ReactNode;
  links: LessonLinks;
  onRestart: () => void;
}) {
  const button = buttonClass({ tone: 'secondary' });
  return (
    <section
      data-testid="lesson-finished"
      aria-live="polite"
      className="rounded-2xl border border-slate-200 bg-white p-6 text-center"
    >
      <p aria-hidden className="text-4xl">
        🎉
      </p>
      <h2 className="mt-2 text-xl font-semibold">{title}</h2>
      {children}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" data-testid="lesson-restart" className={button} onClick={onRestart}>
          再学一遍
        </button>
        <Link href={links.detail} className={button}>
          返回目录
        </Link>
        {links.next && (
          <Link href={links.next} data-testid="lesson-next-unit" className={buttonClass()}>
            下一单元
          </Link>
        )}
      </div>
    </section>
  );
}

/** A word's UK or US pronunciation: its IPA and a play button. */
export function Phonetic({ label, ipa, text, voice }: { label: string; ipa?: string; text: string; voice: 'uk' | 'us' }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span>{label}</span>
      {ipa && <span lang="en">/{ipa}/</span>}
      <PlayButton text={text} voice={voice} label={`播放${label}式发音`} />
    </span>
  );
}
