'use client';

import { Suspense } from 'react';
import type { LayoutFlags } from '@/lib/routes/chrome';
import type { Menu } from '@/lib/routes/menu';
import { AccountCorner } from './account-corner';
import { LogoLink } from './logo-link';
import { MainMenu, MainMenuByPath } from './main-menu';
import { MobileMenu } from './mobile-menu';
import { SettingsButton } from './settings-button';

/** The 60 px header: logo and title, the menu (collapsed below 768 px), settings, the account. */
export function Header({ layout, home, menu }: { layout: LayoutFlags; home: string; menu: Menu }) {
  const transparent = layout.headerStyle === 'transparent';
  return (
    <header
      data-testid="site-header"
      data-chrome=""
      // Popovers (the word panel) stay below it: components/ui/overlay.tsx.
      data-overlay-clear=""
      className={`sticky top-0 z-40 h-header ${transparent ? 'bg-white/80' : 'border-b border-slate-200 bg-white/95'} backdrop-blur`}
    >
      <div className="mx-auto flex h-full max-w-[1300px] items-center gap-2 px-3 md:gap-4 md:px-4">
        {layout.showMenu && (
          <Suspense>
            <MobileMenu menu={menu} />
          </Suspense>
        )}
        <LogoLink home={home} appTitle={layout.appTitle} />
        {layout.showMenu && (
          <Suspense fallback={<MainMenuByPath menu={menu} />}>
            <MainMenu menu={menu} />
          </Suspense>
        )}
        <div className="ml-auto flex items-center gap-1 md:gap-2">
          <SettingsButton />
          <AccountCorner />
        </div>
      </div>
    </header>
  );
}
