import type { LookupEntry, WordListEntry } from '@/lib/contract';
import type { CallData } from '../api';

/**
 * The paged lists of the history and word-list screens, without React: which page comes next,
 * how loaded pages join into one list, and the optimistic 生词/熟词 mark across cached lists.
 */

export const PAGE_SIZE = 20;

/** One page of a paged list, as the contract's paged calls (query_history, query_text_history) answer it. */
export type Page<T> = Pick<CallData<'query_history'>, 'total' | 'page' | 'page_size'> & { items: T[] };

/** TanStack Query's shape of an infinite list. */
export interface PagedData<T> {
  pages: Page<T>[];
  pageParams: unknown[];
}

/** The page after `last`, or undefined at the end. */
export function nextPageParam(last: Page<unknown>): number | undefined {
  if (last.items.length === 0) return undefined;
  return last.page * last.page_size < last.total ? last.page + 1 : undefined;
}

/**
 * The loaded pages as one list. Newest-first lists shift while being read (a lookup elsewhere
 * pushes everything down a place), so an entry can arrive on two pages: it is shown once.
 */
export function mergePages<T>(pages: readonly Page<T>[] | undefined, keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const merged: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(item);
    }
  }
  return merged;
}

export const lookupKey = (entry: Pick<LookupEntry, 'id'>) => String(entry.id);
/** The word list holds one row per lemma. */
export const wordKey = (entry: Pick<WordListEntry, 'lemma'>) => entry.lemma;

// ---- filters -----------------------------------------------------------------------------------

export type Strange = 0 | 1;
export type WordFilter = 'all' | 'strange' | 'familiar';

export const wordFilters: readonly { value: WordFilter; label: string; strange?: Strange }[] = [
  { value: 'all', label: '全部' },
  { value: 'strange', label: '生词', strange: 1 },
  { value: 'familiar', label: '熟词', strange: 0 },
];

export const strangeOf = (filter: WordFilter): Strange | undefined => wordFilters.find((f) => f.value === filter)?.strange;

/** The filter named in the URL (`?filter=strange`), 全部 for anything else. */
export function filterFromParam(param: string | null | undefined): WordFilter {
  return wordFilters.some((f) => f.value === param) ? (param as WordFilter) : 'all';
}

export const strangeLabel = (strange: Strange) => (strange === 1 ? '生词' : '熟词');

/**
 * A cached list after marking `lemma`: the entry takes the new mark, or leaves a list filtered
 * on the other mark (its total shrinking with it). Lists without the entry are returned as is.
 */
export function markInList(
  data: PagedData<WordListEntry> | undefined,
  lemma: string,
  strange: Strange,
  listStrange: Strange | undefined,
): PagedData<WordListEntry> | undefined {
  if (!data?.pages.some((p) => p.items.some((e) => e.lemma === lemma))) return data;
  const leaves = listStrange !== undefined && listStrange !== strange;
  return {
    ...data,
    pages: data.pages.map((page) => {
      if (!leaves) {
        return { ...page, items: page.items.map((e) => (e.lemma === lemma ? { ...e, strange } : e)) };
      }
      return { ...page, items: page.items.filter((e) => e.lemma !== lemma), total: Math.max(0, page.total - 1) };
    }),
  };
}

// ---- the three word-list screens ---------------------------------------------------------------

export interface WordListSource {
  path: '/Words' | '/WordsForContextualDict' | '/WordsForCourse';
  /** query_history's `from`: the screen the words were looked up on; all when absent. */
  from?: string;
  title: string;
  nav: string;
  emptyHint: string;
  /** Where to go to collect words, for the empty state. */
  start?: { href: string; label: string };
}

export const wordListSources: readonly WordListSource[] = [
  {
    path: '/Words',
    title: '我的单词本',
    nav: '全部来源',
    emptyHint: '查过的单词会自动收进单词本，在这里标记生词和熟词。',
    start: { href: '/ContextualDict', label: '去语境词典查词' },
  },
  {
    path: '/WordsForContextualDict',
    from: 'ContextualDict',
    title: '语境词典单词本',
    nav: '语境词典',
    emptyHint: '在语境词典里查过的单词会出现在这里。',
    start: { href: '/ContextualDict', label: '去语境词典查词' },
  },
  {
    path: '/WordsForCourse',
    from: 'course',
    title: '课程单词本',
    nav: '课程',
    emptyHint: '在课程里查过的单词会出现在这里。',
  },
];

export function wordListSource(path: WordListSource['path']): WordListSource {
  return wordListSources.find((s) => s.path === path)!;
}

/** What an empty list says, by filter. */
export function emptyTitle(filter: WordFilter): string {
  if (filter === 'strange') return '还没有标记为生词的单词';
  if (filter === 'familiar') return '还没有标记为熟词的单词';
  return '单词本还是空的';
}

/** The screens a lookup can come from, as the history names them. */
export const sourceNames: Record<string, string> = {
  ContextualDict: '语境词典',
  ContextualDictAPI: '语境词典',
  ContextualDictForZhenti: '真题',
  UseForFreeDict: '免费试用',
  annotate: '标注',
  course: '课程',
};
