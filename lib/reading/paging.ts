/*
 * The paging of the server-rendered lists: `?page=N` in the address (page 1 has none, so each page
 * has one address), real links to a window of pages, and what an impossible page number means.
 */

/** Documents on a page of a reading list. */
export const listPageSize = 20;

export type SearchParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The page number the address asks for: 1 when absent; null when it is no page (0, -1, "x", "2.5"). */
export function requestedPage(params: SearchParams): number | null {
  const raw = params.page;
  const value = typeof raw === 'string' ? raw : raw?.[0];
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The address of a page of a list: page 1 is the bare path, so a list never has two addresses for it. */
export function pageHref(path: string, page: number, query: Readonly<Record<string, string | undefined>> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, value);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** One entry of the pager: a page to link to, or a gap ("…") between far-apart pages. */
export type PagerItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string };

/**
 * The pages the pager links: the first, the last, and `around` pages either side of the current
 * one, with a gap where pages are left out. Every page stays reachable in a few steps, which is
 * what a crawler following links needs.
 */
export function pagerItems(current: number, pages: number, around = 2): PagerItem[] {
  if (pages <= 1) return [];
  const shown = new Set<number>([1, pages]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1, current: previous + 1 === current });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page, current: page === current });
    previous = page;
  }
  return items;
}
