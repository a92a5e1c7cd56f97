'use client';

import { Link } from '@/components/ui/link';
import { useForUser } from '@/components/account/use-for-user';
import { type ShelfAddition, useShelfPlace } from '@/lib/client/books/queries';
import type { ShelfItem } from '@/lib/contract';
import { useCurrentUser } from '@/lib/client/user';

/**
 * 加入书架 for a library document or a course book: a logged-in learner puts it on their shelf
 * (then it says so and links to the shelf); a visitor is asked to log in first. A click before
 * the page knows who reads it waits to know.
 */
export function ShelfButton({
  kind,
  shelfRef,
  addition,
  className = '',
}: {
  kind: Extract<ShelfItem['kind'], 'document' | 'course'>;
  /** The item's ref on the shelf (`category/sub_category/filename`, or the course id). */
  shelfRef: string;
  addition: ShelfAddition;
  className?: string;
}) {
  const { data: user } = useCurrentUser();
  const forUser = useForUser();
  const { onShelf, add } = useShelfPlace(user?.account, kind, shelfRef);
  const look = `inline-flex items-center gap-1 rounded-lg border px-2.5 py-1.5 text-sm ${className}`;

  if (user && (onShelf || add.isSuccess)) {
    return (
      <Link
        href="/Admin#bookshelf"
        data-testid="shelf-added"
        className={`${look} border-emerald-300 bg-emerald-50 text-emerald-800`}
      >
        ✓ 已在书架
      </Link>
    );
  }
  return (
    <button
      type="button"
      data-testid="shelf-add"
      disabled={add.isPending}
      aria-busy={add.isPending || undefined}
      onClick={() => forUser(() => add.mutate(addition))}
      className={`${look} border-slate-300 bg-white text-ink-soft hover:bg-slate-50 disabled:opacity-50`}
    >
      {add.isPending ? '加入中…' : '＋ 加入书架'}
    </button>
  );
}
