'use client';

import { useMutation, useQuery, useQueryClient, type QueryKey } from '@/lib/client/query';
import type { Calls, NamedListWord, NamedWordList } from '@/lib/contract';
import type { z } from 'zod';
import { callData } from '../api';
import { toast } from '../toast';
import { errorMessage } from './queries';
import { PAGE_SIZE, type Page } from './word-list-model';

/**
 * The learner's named word lists (词单), beside the 生词/熟词 list: the lists with their counts,
 * one list's words page by page, and every change (create, rename, delete, add a word, remove
 * one) through add_word_list. All of one user's named-list queries share one key prefix, so a
 * change refreshes the counts and the open list together.
 */

export const namedListsKey = (account: string): QueryKey => ['query_word_list_name_info', account];
export const namedListWordsKey = (account: string, listId: number): QueryKey => [...namedListsKey(account), listId];

/** `?list=12` on /Words: the list shown, or null for the 生词/熟词 view. */
export function listIdFromParam(param: string | null | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

export function useNamedLists(account: string) {
  return useQuery({
    queryKey: namedListsKey(account),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<NamedWordList[]> =>
      (await callData('query_word_list_name_info', {}, signal)).lists,
  });
}

/** One page of a list's words, with the list as it is now (404 once it is gone or not the user's). */
export async function fetchNamedListPage(
  listId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Page<NamedListWord> & { list: NamedWordList | undefined }> {
  const data = await callData('query_word_list_name_info', { list_id: listId, page, page_size: PAGE_SIZE }, signal);
  const words = data.words ?? { items: [], total: 0, page, page_size: PAGE_SIZE };
  return { ...words, list: data.list };
}

/** One change, as the contract reads it (its input is preprocessed, so typed from the output). */
export type ListChange = z.output<Calls['add_word_list']['request']>;

/** What a change says when it worked, for the toast. */
function doneMessage(change: ListChange, list: NamedWordList | null): string {
  switch (change.action) {
    case 'create':
      return `已新建词单“${list?.name ?? change.name}”`;
    case 'rename':
      return `已改名为“${list?.name ?? change.name}”`;
    case 'delete':
      return '已删除词单';
    case 'add_word':
      return `已将 ${change.word} 加入“${list?.name ?? '词单'}”`;
    case 'remove_word':
      return `已从“${list?.name ?? '词单'}”移除 ${change.lemma}`;
    default:
      return '已保存';
  }
}

/**
 * One change to the learner's named lists. Success and failure are told in a toast (the failure
 * in the upstream's own words: a taken name, a full list); every named-list query refetches.
 */
export function useListChange(account: string, { quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ListChange) => (await callData('add_word_list', change)).list,
    onSuccess: (list: NamedWordList | null, change: ListChange) => {
      if (!quiet) toast.success(doneMessage(change, list));
    },
    onError: (error: unknown) => toast.error(`操作失败：${errorMessage(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: namedListsKey(account) }),
  });
}
