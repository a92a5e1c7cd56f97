import { describe, expect, it } from 'vitest';
import type { WordListEntry } from '@/lib/contract';
import {
  filterFromParam,
  markInList,
  mergePages,
  nextPageParam,
  strangeOf,
  wordKey,
  type Page,
  type PagedData,
} from './word-list-model';

const entry = (lemma: string, strange: 0 | 1 | null = null): WordListEntry => ({
  word: lemma,
  lemma,
  strange,
  from: 'ContextualDict',
  sentence: `A ${lemma} here.`,
  lookups: 1,
  updated_at: '2025-03-10T01:00:00.000Z',
});

const page = <T>(items: T[], n: number, total: number, size = 2): Page<T> => ({ items, page: n, page_size: size, total });

describe('paging', () => {
  it('asks for the next page until the total is reached', () => {
    expect(nextPageParam(page([1, 2], 1, 5))).toBe(2);
    expect(nextPageParam(page([3, 4], 2, 5))).toBe(3);
    expect(nextPageParam(page([5], 3, 5))).toBeUndefined();
    expect(nextPageParam(page([1, 2], 1, 2))).toBeUndefined();
  });

  it('stops on an empty page even if the total says more (rows deleted meanwhile)', () => {
    expect(nextPageParam(page([], 3, 10))).toBeUndefined();
  });

  it('joins pages, showing an entry that moved onto the next page once', () => {
    const merged = mergePages([page([entry('a'), entry('b')], 1, 4), page([entry('b'), entry('c')], 2, 4)], wordKey);
    expect(merged.map((e) => e.lemma)).toEqual(['a', 'b', 'c']);
    expect(mergePages(undefined, wordKey)).toEqual([]);
  });
});

describe('filters', () => {
  it('reads the filter from the URL, 全部 for anything unknown', () => {
    expect(filterFromParam('strange')).toBe('strange');
    expect(filterFromParam('familiar')).toBe('familiar');
    expect(filterFromParam('bogus')).toBe('all');
    expect(filterFromParam(null)).toBe('all');
  });

  it('maps filters to query_history strange values', () => {
    expect(strangeOf('all')).toBeUndefined();
    expect(strangeOf('strange')).toBe(1);
    expect(strangeOf('familiar')).toBe(0);
  });
});

describe('markInList', () => {
  const data = (entries: WordListEntry[]): PagedData<WordListEntry> => ({
    pages: [page(entries.slice(0, 2), 1, entries.length), page(entries.slice(2), 2, entries.length)],
    pageParams: [1, 2],
  });

  it('updates the mark in place in the unfiltered list', () => {
    const next = markInList(data([entry('a'), entry('b'), entry('c')]), 'c', 1, undefined)!;
    expect(next.pages[1].items[0].strange).toBe(1);
    expect(next.pages[0].total).toBe(3);
  });

  it('keeps the entry in a list filtered on its new mark', () => {
    const next = markInList(data([entry('a', 0), entry('b', 0)]), 'a', 0, 0)!;
    expect(next.pages[0].items.map((e) => e.lemma)).toEqual(['a', 'b']);
  });

  it('takes the entry out of a list filtered on the other mark, and shrinks its total', () => {
    const next = markInList(data([entry('a', 1), entry('b', 1), entry('c', 1)]), 'a', 0, 1)!;
    expect(mergePages(next.pages, wordKey).map((e) => e.lemma)).toEqual(['b', 'c']);
    expect(next.pages.every((p) => p.total === 2)).toBe(true);
  });

  it('leaves lists without the entry untouched (same object)', () => {
    const before = data([entry('a'), entry('b')]);
    expect(markInList(before, 'zzz', 1, undefined)).toBe(before);
    expect(markInList(undefined, 'a', 1, undefined)).toBeUndefined();
  });
});
