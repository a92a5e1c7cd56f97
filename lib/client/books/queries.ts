'use client';

import { useMutation, useQueryClient, type QueryKey } from '@/lib/client/query';
import type { ShelfItem } from '@/lib/contract';
import { articleHref } from '@/lib/routes/article-routes';
import { pathFor } from '@/lib/routes/route-table';
import { callData } from '../api';
import { toast } from '../toast';

/** The user's bookshelf (query_bookshelf), keyed by account so that another login never sees it. */
export const shelfKey = (account: string): QueryKey => ['query_bookshelf', account];

export async function fetchShelf(signal?: AbortSignal): Promise<ShelfItem[]> {
  return (await callData('query_bookshelf', {}, signal)).items;
}

/** Where a shelf item is read: a personal book on its page, a library document on its reading page. */
export function shelfItemHref(item: ShelfItem): string | undefined {
  if (item.kind === 'book') return pathFor('myBook', { bookId: item.ref });
  if (item.kind === 'document' && item.document) return articleHref(item.document);
  return undefined;
}

/** Takes an item off the shelf (a personal book is deleted), then reads the shelf again. */
export function useRemoveFromShelf(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<ShelfItem, 'kind' | 'ref'>) => callData('remove_from_bookshelf', { kind: item.kind, ref: item.ref }),
    onError: (error: unknown) => toast.error(error instanceof Error && error.message ? error.message : '删除失败'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shelfKey(account) }),
  });
}
