'use client';

import { useMutation, useQuery, useQueryClient, type QueryKey } from '@/lib/client/query';
import type { CallRequest, ShelfItem } from '@/lib/contract';
import { articleHref } from '@/lib/routes/article-routes';
import { courseDetailHref, parseCourseId } from '@/lib/routes/course-links';
import { pathFor } from '@/lib/routes/route-table';
import { callData } from '../api';
import { toast } from '../toast';

/** The user's bookshelf (query_bookshelf), keyed by account so that another login never sees it. */
export const shelfKey = (account: string): QueryKey => ['query_bookshelf', account];

export async function fetchShelf(signal?: AbortSignal): Promise<ShelfItem[]> {
  return (await callData('query_bookshelf', {}, signal)).items;
}

/**
 * Where a shelf item is read: a personal book on its page, a library document on its reading
 * page, a course book on its unit list.
 */
export function shelfItemHref(item: ShelfItem): string | undefined {
  if (item.kind === 'book') return pathFor('myBook', { bookId: item.ref });
  if (item.kind === 'document' && item.document) return articleHref(item.document);
  if (item.kind === 'course') {
    const book = parseCourseId(item.ref);
    return book ? courseDetailHref(book) : undefined;
  }
  return undefined;
}

/** What a shelf item is added as: a library document, or a course book by its id. */
export type ShelfAddition = CallRequest<'add_to_bookshelf'>;

/**
 * Whether one thing is on the learner's shelf, and the way to put it there: the shelf is read
 * once (shared with the shelf screens), the addition refreshes it.
 */
export function useShelfPlace(account: string | undefined, kind: ShelfItem['kind'], ref: string) {
  const queryClient = useQueryClient();
  const shelf = useQuery({
    queryKey: shelfKey(account ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchShelf(signal),
    enabled: account !== undefined,
  });
  const add = useMutation({
    mutationFn: (item: ShelfAddition) => callData('add_to_bookshelf', item),
    onSuccess: (item: ShelfItem) => toast.success(`已将《${item.title}》加入书架`),
    onError: (error: unknown) => toast.error(error instanceof Error && error.message ? error.message : '加入书架失败'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shelfKey(account ?? '') }),
  });
  const onShelf = shelf.data?.some((item) => item.kind === kind && item.ref === ref) ?? false;
  return { onShelf, known: shelf.isSuccess, add };
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
