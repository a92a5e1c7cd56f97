import Link from 'next/link';
import { AccountCorner } from './account-corner';

/** The 60 px header: the logo home and the account corner. */
export function Header() {
  return (
    <header className="sticky top-0 z-40 h-header border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-[1300px] items-center gap-4 px-4">
        <Link href="/" className="flex items-center gap-2 rounded text-lg font-semibold text-ink" aria-label="语境首页">
          <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-brand-500 text-white">
            语
          </span>
          <span>语境</span>
        </Link>
        <div className="ml-auto">
          <AccountCorner />
        </div>
      </div>
    </header>
  );
}
