/** A header menu entry, highlighted when it is the current page's. */
export const menuItemClass = (active: boolean) =>
  `whitespace-nowrap rounded-lg px-2.5 py-1.5 text-[15px] transition-colors ${
    active ? 'bg-brand-50 font-semibold text-brand-600' : 'text-ink-soft hover:bg-slate-100 hover:text-ink'
  }`;
