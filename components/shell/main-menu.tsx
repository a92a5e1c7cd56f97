'use client';

import * as Popover from '@radix-ui/react-popover';
import Link from 'next/link';
import { useState } from 'react';
import type { Menu, MenuGroup, MenuItem } from '@/lib/routes/menu';
import { useActiveMenu } from './use-active-menu';

const itemClass = (active: boolean) =>
  `whitespace-nowrap rounded-lg px-2.5 py-1.5 text-[15px] transition-colors ${
    active ? 'bg-brand-50 font-semibold text-brand-600' : 'text-ink-soft hover:bg-slate-100 hover:text-ink'
  }`;

/** The header's menu from 768 px up; groups open as dropdowns. */
export function MainMenu({ menu }: { menu: Menu }) {
  const active = useActiveMenu();
  return (
    <nav aria-label="主菜单" className="hidden min-w-0 md:block">
      <ul className="flex items-center gap-0.5 overflow-x-auto">
        {menu.map((entry) => (
          <li key={entry.key}>
            {entry.kind === 'item' ? (
              <MenuLink item={entry} active={active?.item === entry.key} />
            ) : (
              <MenuDropdown group={entry} activeItem={active?.group === entry.key ? active.item : null} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MenuLink({ item, active }: { item: MenuItem; active: boolean }) {
  return (
    <Link href={item.href} aria-current={active ? 'page' : undefined} data-testid={`menu-${item.key}`} className={itemClass(active)}>
      {item.label}
    </Link>
  );
}

function MenuDropdown({ group, activeItem }: { group: MenuGroup; activeItem: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger data-testid={`menu-group-${group.key}`} className={`${itemClass(activeItem !== null)} inline-flex items-center gap-1`}>
        {group.label}
        <svg aria-hidden viewBox="0 0 12 12" className={`size-3 transition-transform ${open ? 'rotate-180' : ''}`} fill="currentColor">
          <path d="M2 4l4 4 4-4z" />
        </svg>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-36 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          aria-label={group.label}
        >
          <ul className="flex flex-col">
            {group.items.map((item) => (
              <li key={item.key}>
                <Link
                  href={item.href}
                  onClick={() => setOpen(false)}
                  aria-current={activeItem === item.key ? 'page' : undefined}
                  data-testid={`menu-${item.key}`}
                  className={`block ${itemClass(activeItem === item.key)}`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
