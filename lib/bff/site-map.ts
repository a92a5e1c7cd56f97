import 'server-only';
import { contentCategories } from '@/lib/contract/categories';
import { maxReadingPageSize } from '@/lib/contract/calls/reading';
import { categoryHref, productNames } from '@/lib/reading/categories';
import { documentEntries, maxSitemapUrls, pagesOfSlice, sitemapCount, sitemapSlices } from '@/lib/reading/sitemap-plan';
import { type SitemapUrl, sitemapIndexXml, urlsetXml } from '@/lib/reading/sitemap-xml';
import { articleHref } from '@/lib/routes/article-routes';
import { pathFor } from '@/lib/routes/route-table';
import { categoryTotals, documentPage, subCategories } from './reading-lists';

/*
 * The sitemaps' contents from the library (see lib/reading/sitemap-plan for the split). Documents
 * are read in their lists' stable order, a hundred at a time, so each sitemap always names the
 * same stretch of the library.
 */

/** How many sitemaps the site has now. */
export async function currentSitemapCount(): Promise<number> {
  return sitemapCount(await categoryTotals(contentCategories));
}

/** Sitemap 0: the portal, the category index, every list page and every sub-category's list. */
export async function pageSitemap(origin: string): Promise<SitemapUrl[]> {
  const paths = new Set<string>([pathFor('portal'), pathFor('CategoryIndex'), pathFor('ReadNews')]);
  for (const category of contentCategories) paths.add(categoryHref(category));
  for (const product of productNames) if (product !== 'me') paths.add(pathFor('index', { product }));
  const topics = await Promise.all(
    contentCategories.map(async (category) =>
      (await subCategories(category)).sub_categories.map(({ sub_category }) =>
        pathFor('topicList', { cid: category, title: sub_category }),
      ),
    ),
  );
  for (const path of topics.flat()) paths.add(path);
  return [...paths].map((path) => ({ url: `${origin}${path}` }));
}

/** Document sitemap `id` (1…): the reading pages of its stretch of the library. */
export async function documentSitemap(origin: string, id: number): Promise<SitemapUrl[]> {
  const slices = sitemapSlices(await categoryTotals(contentCategories), id);
  const seen = new Set<string>();
  const entries: SitemapUrl[] = [];
  for (const slice of slices) {
    for (const read of pagesOfSlice(slice, maxReadingPageSize)) {
      const { documents } = await documentPage({
        category: slice.category,
        page: read.page,
        page_size: maxReadingPageSize,
        order: 'level',
      });
      const docs = documents.slice(read.skip, read.skip + read.take);
      entries.push(
        ...documentEntries(
          origin,
          docs.map((d) => ({ href: articleHref(d), created_at: d.created_at })),
          seen,
        ),
      );
    }
  }
  return entries;
}

/**
 * /sitemap.xml, the address crawlers try first: the whole site in one sitemap while it fits
 * (one sitemap of documents, and the pages and documents together within the protocol's limit),
 * otherwise an index naming /sitemap/0.xml… .
 */
export async function rootSitemap(origin: string): Promise<string> {
  const count = await currentSitemapCount();
  if (count <= 2) {
    const pages = await pageSitemap(origin);
    const documents = count === 2 ? await documentSitemap(origin, 1) : [];
    if (pages.length + documents.length <= maxSitemapUrls) return urlsetXml([...pages, ...documents]);
  }
  return sitemapIndexXml(numberedSitemaps(origin, count));
}

/** Numbered sitemap `id` (app/sitemap/[file]): 0 the pages, 1… the documents; null past the last. */
export async function numberedSitemap(origin: string, id: number): Promise<string | null> {
  if (id === 0) return urlsetXml(await pageSitemap(origin));
  if (id >= (await currentSitemapCount())) return null;
  return urlsetXml(await documentSitemap(origin, id));
}

/** The numbered sitemaps' addresses. */
export function numberedSitemaps(origin: string, count: number): string[] {
  const base = origin.replace(/\/+$/, '');
  return Array.from({ length: Math.max(1, count) }, (_, id) => `${base}/sitemap/${id}.xml`);
}
