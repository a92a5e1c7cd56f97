import type { Metadata } from 'next';
import { pageHref } from './paging';

/**
 * A list page's metadata: its title (with the page number past the first, so search results tell
 * pages apart), description, and canonical address: the page's own, without tracking parameters
 * such as share_account, so every page of a list is indexed once.
 */
export function listMetadata({
  title,
  description,
  path,
  page = 1,
  query,
}: {
  title: string;
  description: string;
  path: string;
  page?: number;
  query?: Readonly<Record<string, string | undefined>>;
}): Metadata {
  const fullTitle = page > 1 ? `${title}（第 ${page} 页）` : title;
  const canonical = pageHref(path, page, query);
  return {
    title: fullTitle,
    description,
    alternates: { canonical },
    openGraph: { title: fullTitle, description, url: canonical, type: 'website', locale: 'zh_CN', siteName: '语境' },
  };
}
