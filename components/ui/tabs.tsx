'use client';

import { type HTMLAttributes, type KeyboardEvent, type ReactNode, useRef } from 'react';

/*
 * Tabs as WAI-ARIA describes them: one tab in the page's tab order (the selected one), the arrow
 * keys move between them and select (Home and End go to the ends), each tab names the panel it
 * controls. The screens give the tabs and what selecting one does; the panel is theirs, wrapped
 * in TabPanel.
 */

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  testId?: string;
  /** The label's language where it is not the page's ("run" on a Chinese page). */
  lang?: string;
  /** data-* attributes by name without the prefix ({ filter: 'all' } is data-filter="all"). */
  data?: Readonly<Record<string, string>>;
}

/** underline: a row of words over a panel; segmented: a switch of a few choices; chips: filters as pills. */
export type TabsLook = 'underline' | 'segmented' | 'chips';

const looks: Record<TabsLook, { list: string; tab: (selected: boolean) => string }> = {
  underline: {
    list: 'flex gap-1 overflow-x-auto border-b border-slate-200',
    tab: (selected) =>
      `-mb-px shrink-0 border-b-2 px-3 py-2 font-medium transition-colors ${
        selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-ink-mute hover:text-ink'
      }`,
  },
  segmented: {
    list: 'rounded-lg bg-slate-200/70 p-1',
    tab: (selected) =>
      `rounded-md px-4 py-1.5 text-sm font-medium transition ${selected ? 'bg-white text-ink shadow-sm' : 'text-ink-soft hover:text-ink'}`,
  },
  chips: {
    list: 'flex flex-wrap gap-2',
    tab: (selected) =>
      `rounded-full px-4 py-1.5 text-sm ${selected ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white hover:bg-slate-50'}`,
  },
};

/** The id of a tab and of the panel, from the id the screen gives both (React's useId). */
export const tabId = (id: string, key: string) => `${id}-tab-${key}`;
export const panelId = (id: string) => `${id}-panel`;

/** Where the arrow keys, Home and End go from `index` among `count` tabs; null for another key. */
export function nextTab(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function Tabs<K extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  look = 'underline',
  className = '',
  tabClassName = '',
}: {
  /** Shared with the TabPanel (useId in the screen). */
  id: string;
  /** What the tabs choose, for screen readers ("登录方式"). */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  look?: TabsLook;
  /** Where the list sits and how it lays out (a grid of equal tabs, a margin). */
  className?: string;
  /** Type size and the like for every tab. */
  tabClassName?: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = nextTab(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].key);
    buttons.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`${looks[look].list} ${className}`}>
      {tabs.map((tab, i) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(id, tab.key)}
            aria-selected={isSelected}
            aria-controls={panelId(id)}
            tabIndex={isSelected ? 0 : -1}
            data-testid={tab.testId}
            lang={tab.lang}
            {...Object.fromEntries(Object.entries(tab.data ?? {}).map(([name, value]) => [`data-${name}`, value]))}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, i)}
            className={`${looks[look].tab(isSelected)} ${tabClassName}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab. */
export function TabPanel({
  id,
  selected,
  children,
  ...props
}: { id: string; selected: string; children: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, 'id' | 'role'>) {
  return (
    <div role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id, selected)} {...props}>
      {children}
    </div>
  );
}
