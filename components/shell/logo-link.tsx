'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';

/** The logo goes to the route's home; when already there it reloads the page (spec section 2). */
export function LogoLink({ home, appTitle }: { home: string; appTitle: string }) {
  const pathname = usePathname();
  return (
    <Link
      href={home}
      data-testid="logo"
      onClick={(event) => {
        if (pathname === home) {
          event.preventDefault();
          window.location.reload();
        }
      }}
      className="flex shrink-0 items-center gap-2 rounded text-lg font-semibold text-ink"
    >
      <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
        语
      </span>
      <span>{appTitle}</span>
      <span className="sr-only">首页</span>
    </Link>
  );
}
