'use client';

import { Link } from '@/components/ui/link';
import { lazy, Suspense, useState } from 'react';
import type { ActiveMenu, Menu, MenuGroup, MenuItem } from '@/lib/routes/menu';
import { menuItemClass } from './menu-item-class';
import { useActiveMenu, useActiveMenuByPath } from './use-active-menu';
import { ChevronDownIcon } from './icons';

// The dropdown and the overlay frame under it are fetched when a group is first reached for.
const loadDropdown = () => import('./menu-dropdown').then((m) => ({ default: m.MenuDropdown }));
const MenuDropdown = lazy(loadDropdown);

/** The header's menu from 768 px up; groups open as dropdowns. */
export function MainMenu({ menu }: { menu: Menu }) {
  return <MenuBar menu={menu} active={useActiveMenu(menu)} />;
}

/**
 * The menu as a page rendered for every reader has it in its HTML (the Suspense fallback of
 * MainMenu): every link is there for crawlers and readers alike; the query-dependent highlight
 * follows after hydration.
 */
export function MainMenuByPath({ menu }: { menu: Menu }) {
  return <MenuBar menu={menu} active={useActiveMenuByPath(menu)} />;
}

function MenuBar({ menu, active }: { menu: Menu; active: ActiveMenu | null }) {
  return (
    <nav aria-label="主菜单" className="hidden min-w-0 md:block">
      <ul className="flex items-center gap-0.5 overflow-x-auto">
        {menu.map((entry) => (
          <li key={entry.key}>
            {entry.kind === 'item' ? (
              <MenuLink item={entry} active={active?.item === entry.key} />
            ) : (
              <MenuGroupButton group={entry} activeItem={active?.group === entry.key ? active.item : null} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MenuLink({ item, active }: { item: MenuItem; active: boolean }) {
  return (
    <Link
      href={item.href}
      aria-current={active ? 'page' : undefined}
      data-testid={`menu-${item.key}`}
      className={menuItemClass(active)}
    >
      {item.label}
    </Link>
  );
}

function MenuGroupButton({ group, activeItem }: { group: MenuGroup; activeItem: string | null }) {
  const [open, setOpen] = useState(false);
  // The button, once pressed: the dropdown is mounted from then on, beside it.
  const [anchor, setAnchor] = useState<Element | null>(null);
  return (
    <>
      <button
        type="button"
        data-testid={`menu-group-${group.key}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen((o) => !o);
        }}
        className={`${menuItemClass(activeItem !== null)} inline-flex items-center gap-1`}
      >
        {group.label}
        <ChevronDownIcon className={`size-3 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <MenuDropdown group={group} activeItem={activeItem} anchor={anchor} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
