import { Link } from '@/components/ui/link';

/** A panel's state: a query's, or only pending while the lists' code is on its way. */
type PanelState = { isPending: boolean; isError: boolean; data?: { total: number } };

/** The corner's two panels side by side (one above the other on a phone), under a heading for screen readers. */
export function PortalLearnerFrame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="portal-mine" data-testid="portal-learner" className="grid gap-4 md:grid-cols-2">
      <h2 id="portal-mine" className="sr-only">
        我的学习
      </h2>
      {children}
    </section>
  );
}

export const lookupsPanel = { title: '最近查词', href: '/ContextualDictHistory', more: '全部查词记录' } as const;
export const wordsPanel = { title: '我的单词本', href: '/Words', more: '打开单词本' } as const;

/** One panel: loading, unavailable, empty (with where to start) or the list, and a link to the whole. */
export function PortalPanel({
  title,
  href,
  more,
  state,
  children,
}: {
  title: string;
  href: string;
  more: string;
  state: PanelState;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-medium">{title}</h3>
      {state.isPending ? (
        <p className="mt-2 text-sm text-ink-mute">正在加载…</p>
      ) : state.isError ? (
        <p className="mt-2 text-sm text-ink-mute">暂时无法加载。</p>
      ) : state.data?.total === 0 ? (
        <p className="mt-2 text-sm text-ink-mute">还没有记录：在文章或词典里点一个单词试试。</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1">{children}</ul>
      )}
      <Link href={href} className="mt-3 inline-block text-sm text-brand-700 hover:underline">
        {more} →
      </Link>
    </div>
  );
}
