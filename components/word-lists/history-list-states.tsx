'use client';

import type { UseInfiniteQueryResult } from '@/lib/client/query';
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { useRequireLogin } from '@/components/account/use-require-login';
import { RetryButton } from '@/components/ui/retry-button';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * The states every personal list shares (the lookup history and the three word lists): logged
 * out, loading, failed, empty, and the "load more" foot.
 */

export function LoginRequired({ title, text }: { title: string; text: string }) {
  const requireLogin = useRequireLogin();
  return (
    <section data-testid="login-required" className="flex flex-col items-center px-4 py-16 text-center">
      <div aria-hidden className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-600">
        🔒
      </div>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-2 max-w-sm text-sm text-ink-soft">{text}</p>
      <div className="mt-6 flex items-center gap-4">
        <Button size="lg" data-testid="login-required-button" onClick={() => requireLogin()}>
          登录
        </Button>
        <Link href="/Login" className="text-sm text-brand-600 hover:underline">
          前往登录页
        </Link>
      </div>
    </section>
  );
}

export function ListSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} data-testid="list-loading" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="animate-pulse rounded-xl border border-slate-200 bg-white p-4">
          <div className="h-4 w-1/3 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-5/6 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

export function ListError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div
      role="alert"
      data-testid="list-error"
      className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-4 py-10 text-center"
    >
      <p className="font-medium text-red-700">加载失败</p>
      <p className="mt-1 text-sm text-red-700/80">{message}</p>
      <RetryButton testId="list-retry" onRetry={onRetry} retrying={retrying} tone="alert" className="mt-4 py-2" />
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: { href: string; label: string } }) {
  return (
    <div
      data-testid="list-empty"
      className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-4 py-14 text-center"
    >
      <p className="font-medium">{title}</p>
      {text && <p className="mt-1 max-w-sm text-sm text-ink-soft">{text}</p>}
      {action && (
        <Link href={action.href} data-testid="list-empty-action" className={buttonClass({}, 'mt-5')}>
          {action.label}
        </Link>
      )}
    </div>
  );
}

/** The foot of a paged list: a button for the next page, its failure, or the end. */
/** The foot of a paged list, driven by its infinite query. */
export function LoadMore({
  query,
  shown,
  total,
}: {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>;
  shown: number;
  total: number;
}): ReactNode {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError: failed } = query;
  if (!hasNextPage) {
    return shown > 0 ? <p className="py-6 text-center text-xs text-ink-mute">已显示全部 {total} 条</p> : null;
  }
  return (
    <div className="flex flex-col items-center gap-2 py-6">
      {failed && (
        <p role="alert" className="text-sm text-red-600">
          加载失败，请重试
        </p>
      )}
      <Button
        tone="secondary"
        size="lg"
        shape="pill"
        data-testid="load-more"
        onClick={() => void query.fetchNextPage()}
        disabled={isFetchingNextPage}
      >
        {isFetchingNextPage ? '加载中…' : `加载更多（${shown}/${total}）`}
      </Button>
    </div>
  );
}
