'use client';

import { Link } from '@/components/ui/link';
import { useQuery } from '@/lib/client/query';
import { fetchShelf, shelfItemHref, shelfKey, useRemoveFromShelf } from '@/lib/client/books/queries';
import { useCurrentUser } from '@/lib/client/user';
import type { ShelfItem } from '@/lib/contract';
import { pathFor } from '@/lib/routes/route-table';
import { buttonClass } from '@/components/ui/button';

const kindLabels: Record<ShelfItem['kind'], string> = { book: '自制书', document: '文章', course: '课程' };

/**
 * The learner's bookshelf: personal books made on /uploadBook, library documents and course books
 * put there. Shown in the personal centre (/Admin) and in 我的 (/me); nothing for a visitor.
 */
export function Bookshelf() {
  const { data: user } = useCurrentUser();
  const account = user?.account ?? '';
  const shelf = useQuery({
    queryKey: shelfKey(account),
    queryFn: ({ signal }) => fetchShelf(signal),
    enabled: !!user,
  });
  const remove = useRemoveFromShelf(account);
  if (!user) return null;

  return (
    <section
      id="bookshelf"
      data-testid="bookshelf"
      aria-labelledby="bookshelf-title"
      className="flex scroll-mt-20 flex-col gap-3"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="bookshelf-title" className="text-lg font-semibold">
          我的书架
        </h2>
        <Link data-testid="bookshelf-upload" href={pathFor('uploadBook')} className={buttonClass({ size: 'sm' })}>
          上传制书
        </Link>
      </div>
      {shelf.isPending ? (
        <p role="status" className="text-sm text-ink-mute">
          书架加载中…
        </p>
      ) : shelf.isError ? (
        <p role="alert" className="text-sm text-red-700">
          书架加载失败：{shelf.error instanceof Error ? shelf.error.message : '未知错误'}
          <button type="button" onClick={() => shelf.refetch()} className="ml-2 text-brand-700 underline">
            重试
          </button>
        </p>
      ) : shelf.data.length === 0 ? (
        <p
          data-testid="bookshelf-empty"
          className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-ink-soft"
        >
          书架还是空的。上传一本 TXT、Markdown、EPUB 或 PDF 格式的英文书，就能边读边查词。
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {shelf.data.map((item) => {
            const href = shelfItemHref(item);
            return (
              <li
                key={`${item.kind}:${item.ref}`}
                data-testid="bookshelf-item"
                data-kind={item.kind}
                className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4"
              >
                <span className="text-xs text-ink-mute">{kindLabels[item.kind]}</span>
                {href ? (
                  <Link href={href} lang="en" className="font-medium text-brand-700 hover:underline">
                    {item.title}
                  </Link>
                ) : (
                  <span lang="en" className="font-medium">
                    {item.title}
                  </span>
                )}
                {item.book ? (
                  <span className="text-xs text-ink-soft">
                    {item.book.level_label} · {item.book.word_count.toLocaleString('zh-CN')} 词 · {item.book.chapter_count} 章
                  </span>
                ) : null}
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() => {
                    const question =
                      item.kind === 'book' ? `删除《${item.title}》？自制书删除后无法恢复。` : `从书架移除《${item.title}》？`;
                    if (window.confirm(question)) remove.mutate(item);
                  }}
                  className="self-start text-xs text-ink-mute hover:text-red-700"
                >
                  {item.kind === 'book' ? '删除' : '移出书架'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
