'use client';

import { useMutation, useQueryClient, type QueryKey } from '@/lib/client/query';
import type { LookupEntry, WordListEntry } from '@/lib/contract';
import { callData, preloadApiCore } from '../api';
import { ApiError } from '../errors';
import { toast } from '../toast';
import { PAGE_SIZE, markInList, strangeLabel, type Page, type PagedData, type Strange } from './word-list-model';

// These screens call the API as soon as they mount: fetch the API core while the page hydrates.
if (typeof window !== 'undefined') preloadApiCore();

/**
 * The history's and the word lists' calls, and the 生词/熟词 mark with its optimistic update.
 */

export const lookupsKey = (account: string): QueryKey => ['query_text_history', account];

export async function fetchLookups(page: number, signal?: AbortSignal): Promise<Page<LookupEntry>> {
  return callData('query_text_history', { page, page_size: PAGE_SIZE }, signal);
}

/** All word lists of one user start with this key; the rest names the source and the filter. */
export const wordListsKey = (account: string): QueryKey => ['query_history', account];
export const wordListKey = (account: string, from: string | undefined, strange: Strange | undefined): QueryKey => [
  ...wordListsKey(account),
  { from: from ?? null, strange: strange ?? null },
];

export async function fetchWords(
  filter: { from?: string; strange?: Strange },
  page: number,
  signal?: AbortSignal,
): Promise<Page<WordListEntry>> {
  return callData('query_history', { page, page_size: PAGE_SIZE, ...filter }, signal);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '未知错误';
}

export const isLoggedOut = (error: unknown) => error instanceof ApiError && error.httpStatus === 401;

interface MarkVariables {
  entry: WordListEntry;
  strange: Strange;
}

/**
 * Marks a word 生词 or 熟词. Every cached list of the user takes the mark at once (and a list
 * filtered on the other mark lets the word go); a failure puts every list back as it was. The
 * lists are fetched again afterwards, so one filtered on the new mark gains the word.
 */
export function useMarkWord(account: string, currentListStrange: Strange | undefined) {
  const queryClient = useQueryClient();
  const prefix = wordListsKey(account);
  return useMutation({
    mutationFn: ({ entry, strange }: MarkVariables) =>
      callData('set_strange_status', {
        word: entry.word,
        lemma: entry.lemma,
        strange,
        ...(entry.from ? { from: entry.from } : {}),
        ...(entry.sentence ? { sentence: entry.sentence } : {}),
      }),
    onMutate: async ({ entry, strange }) => {
      await queryClient.cancelQueries({ queryKey: prefix });
      const before = queryClient.getQueriesData<PagedData<WordListEntry>>({ queryKey: prefix });
      for (const [key] of before) {
        const listStrange = (key[2] as { strange: Strange | null } | undefined)?.strange ?? undefined;
        queryClient.setQueryData<PagedData<WordListEntry>>(key, (data) => markInList(data, entry.lemma, strange, listStrange));
      }
      return { before };
    },
    onSuccess: (_saved, { entry, strange }) => {
      // A word leaving the list in view would otherwise vanish without a word of explanation.
      if (currentListStrange !== undefined && currentListStrange !== strange) {
        toast.info(`已将 ${entry.word} 标记为${strangeLabel(strange)}`);
      }
    },
    onError: (error, { entry }, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast.error(`${entry.word} 标记失败：${errorMessage(error)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: prefix }),
  });
}
