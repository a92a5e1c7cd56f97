'use client';

import { Link } from '@/components/ui/link';
import { Overlay } from '@/components/ui/overlay';
import type { MenuGroup } from '@/lib/routes/menu';
import { menuItemClass } from './menu-item-class';

/** The open dropdown of a menu group: its items, beside the group's button. */
export function MenuDropdown({
  group,
  activeItem,
  anchor,
  open,
  onOpenChange,
}: {
  group: MenuGroup;
  activeItem: string | null;
  anchor: Element;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout="popover"
      anchor={anchor}
      size="fit"
      label={group.label}
      trapFocus={false}
      className="min-w-36 p-1.5"
    >
      <ul className="flex flex-col">
        {group.items.map((item) => (
          <li key={item.key}>
            <Link
              href={item.href}
              onClick={() => onOpenChange(false)}
              aria-current={activeItem === item.key ? 'page' : undefined}
              data-testid={`menu-${item.key}`}
              className={`block ${menuItemClass(activeItem === item.key)}`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </Overlay>
  );
}
