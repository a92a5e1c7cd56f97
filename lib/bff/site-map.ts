import 'server-only';
import type { MetadataRoute } from 'next';
import { contentCategories } from '@/lib/contract/content';
import { maxReadingPageSize } from '@/lib/contract/calls/content';
import { categoryHref, productNames } from '@/lib/reading/categories';
import { documentEntries, pagesOfSlice, sitemapCount, sitemapSlices } from '@/lib/reading/sitemap-plan';
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
export async function pageSitemap(origin: string): Promise<MetadataRoute.Sitemap> {
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
export async function documentSitemap(origin: string, id: number): Promise<MetadataRoute.Sitemap> {
  const slices = sitemapSlices(await categoryTotals(contentCategories), id);
  const seen = new Set<string>();
  const entries: MetadataRoute.Sitemap = [];
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
