'use client';

import { ClickableText } from '@/components/dictionary/clickable-text';
import { useRequireLogin } from '@/components/login/use-require-login';

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
      <button
        type="button"
        onClick={requireLogin}
        className="rounded-lg bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
      >
        登录保存进度
      </button>
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
