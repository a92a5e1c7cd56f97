/*
 * How the site's URLs are split into sitemaps (at most 50,000 URLs each, the protocol's limit):
 * sitemap 0 holds the pages (portal, categories, lists); sitemaps 1… hold the documents, the
 * categories one after another in a fixed order and each category's documents in its list's
 * stable order, so sitemap N always names the same stretch of the library. Pure, so the split
 * is tested with made-up counts; app/sitemap.ts reads the real ones.
 */

export const maxSitemapUrls = 50_000;

export interface CategoryCount<C extends string = string> {
  category: C;
  total: number;
}

/** The stretch of one category that a sitemap covers: `limit` documents from `offset` (0-based). */
export interface Slice<C extends string = string> {
  category: C;
  offset: number;
  limit: number;
}

/** How many sitemaps the site needs: the pages' one and as many as the documents fill. */
export function sitemapCount(counts: readonly CategoryCount[], perSitemap = maxSitemapUrls): number {
  const documents = counts.reduce((sum, c) => sum + Math.max(0, c.total), 0);
  return 1 + Math.ceil(documents / perSitemap);
}

/** The stretches of the categories that document sitemap `id` (1…) covers; [] past the last. */
export function sitemapSlices<C extends string>(
  counts: readonly CategoryCount<C>[],
  id: number,
  perSitemap = maxSitemapUrls,
): Slice<C>[] {
  if (!Number.isInteger(id) || id < 1) return [];
  let start = (id - 1) * perSitemap;
  let room = perSitemap;
  const slices: Slice<C>[] = [];
  for (const { category, total } of counts) {
    const size = Math.max(0, total);
    if (room === 0) break;
    if (start >= size) {
      start -= size;
      continue;
    }
    const limit = Math.min(size - start, room);
    slices.push({ category, offset: start, limit });
    room -= limit;
    start = 0;
  }
  return slices;
}

/** A page of a paged list to read, and which of its items belong to the slice. */
export interface PageRead {
  page: number;
  /** Items of that page to skip at its start. */
  skip: number;
  /** Items to keep after those. */
  take: number;
}

/** The list pages (of `pageSize`) that hold a slice's documents, in order. */
export function pagesOfSlice(slice: Pick<Slice, 'offset' | 'limit'>, pageSize: number): PageRead[] {
  const reads: PageRead[] = [];
  let index = slice.offset;
  const end = slice.offset + slice.limit;
  while (index < end) {
    const page = Math.floor(index / pageSize) + 1;
    const skip = index - (page - 1) * pageSize;
    const take = Math.min(pageSize - skip, end - index);
    reads.push({ page, skip, take });
    index += take;
  }
  return reads;
}

/** A sitemap entry of a document: its reading page (articleHref) on the site's origin. */
export interface DocumentEntry {
  url: string;
  lastModified?: string;
}

/**
 * The entries of documents, in order, each address once: a file in two categories read on the
 * same page (a reading text that is also a listening one) is one page.
 */
export function documentEntries(
  origin: string,
  documents: readonly { href: string; created_at?: string }[],
  seen: Set<string> = new Set(),
): DocumentEntry[] {
  const base = origin.replace(/\/+$/, '');
  const entries: DocumentEntry[] = [];
  for (const doc of documents) {
    if (seen.has(doc.href)) continue;
    seen.add(doc.href);
    entries.push(doc.created_at ? { url: `${base}${doc.href}`, lastModified: doc.created_at } : { url: `${base}${doc.href}` });
  }
  return entries;
}
