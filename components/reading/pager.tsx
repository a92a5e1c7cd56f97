import { Link } from '@/components/ui/link';
import { pageHref, pagerItems } from '@/lib/reading/paging';

/** Real links to the list's pages (`?page=N`), so every page is reachable without script. */
export function Pager({
  path,
  page,
  pages,
  query,
  hrefOf,
  label = '分页',
  testId = 'pager',
}: {
  path?: string;
  page: number;
  pages: number;
  query?: Readonly<Record<string, string | undefined>>;
  /** For a list whose page number is part of the path (/frequentWords/…/{page}/…) instead of `?page=N`. */
  hrefOf?: (page: number) => string;
  /** What the navigation is called, for a page with more than one pager. */
  label?: string;
  testId?: string;
}) {
  const items = pagerItems(page, pages);
  const pageLink = hrefOf ?? ((p: number) => pageHref(path ?? '', p, query));
  if (items.length === 0) return null;
  const link = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-2 text-sm';
  return (
    <nav aria-label={label} data-testid={testId} className="mt-6 flex flex-wrap items-center gap-2">
      {page > 1 && (
        <Link href={pageLink(page - 1)} rel="prev" className={`${link} border-slate-300 hover:bg-slate-50`}>
          上一页
        </Link>
      )}
      {items.map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="px-1 text-ink-mute">
            …
          </span>
        ) : item.current ? (
          <span key={item.page} aria-current="page" className={`${link} border-brand-600 bg-brand-600 text-white`}>
            {item.page}
          </span>
        ) : (
          <Link key={item.page} href={pageLink(item.page)} className={`${link} border-slate-300 hover:bg-slate-50`}>
            {item.page}
          </Link>
        ),
      )}
      {page < pages && (
        <Link href={pageLink(page + 1)} rel="next" className={`${link} border-slate-300 hover:bg-slate-50`}>
          下一页
        </Link>
      )}
    </nav>
  );
}
