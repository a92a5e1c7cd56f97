'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Menu } from '@/lib/routes/menu';
import { MenuIcon } from './icons';

// The drawer (and the overlay frame under it) is fetched the first time the menu opens.
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })));

/** Below 768 px: one button that opens every menu item, plus the personal links when logged in. */
export function MobileMenu({ menu }: { menu: Menu }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const pathname = usePathname();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu; pathname is the trigger
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        aria-label="打开菜单"
        aria-haspopup="dialog"
        data-testid="mobile-menu-button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="grid size-9 place-items-center rounded-lg text-ink hover:bg-slate-100 md:hidden"
      >
        <MenuIcon />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDrawer menu={menu} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
