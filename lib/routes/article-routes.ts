import type { ContentCategory } from '@/lib/contract/categories';

/*
 * Which page reads a document (spec section 2): news on /NewsArticle, short stories on
 * /ShortStoryArticle, the reading and listening lists on /readingArticle, everything else on
 * /Article. The URL names only the file; the page's kind says in which categories to find it.
 * The lists link with articleHref, the pages resolve with articleCategories: one table serves
 * both, so a link never leads to a page that would not find its document.
 */

export const articlePages = ['Article', 'NewsArticle', 'ShortStoryArticle', 'readingArticle'] as const;
export type ArticlePage = (typeof articlePages)[number];

const pageOfCategory: Partial<Record<ContentCategory, ArticlePage>> = {
  news: 'NewsArticle',
  short_story: 'ShortStoryArticle',
  reading: 'readingArticle',
  listening: 'readingArticle',
};

/** The page that reads a document of this category. */
export function articlePageOf(category: ContentCategory): ArticlePage {
  return pageOfCategory[category] ?? 'Article';
}

/** The address of a document's reading page (of the page given, or of its category's). */
export function articleHref(doc: { filename: string } & ({ category: ContentCategory } | { page: ArticlePage })): string {
  const page = 'page' in doc ? doc.page : articlePageOf(doc.category);
  return `/${page}/${encodeURIComponent(doc.filename)}`;
}

/** Whether a route name is one of the reading pages. */
export function isArticlePage(name: string): name is ArticlePage {
  return (articlePages as readonly string[]).includes(name);
}

/**
 * The file a reading page's URL names. Next (and the route table) hand the segment decoded; a name
 * that is still escaped (a double-encoded link) is decoded once more, and a malformed escape
 * leaves the name as it is (it then names no document).
 */
export function articleFileName(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The categories a reading page looks in for its file. */
export function articleCategories(page: ArticlePage, all: readonly ContentCategory[]): ContentCategory[] {
  return all.filter((category) => articlePageOf(category) === page);
}

/**
 * The fragment of a sentence on its reading page: the page renders each sentence with this id,
 * and a book's table of contents links to a chapter's first sentence with it.
 */
export function sentenceAnchor(sentenceId: number): string {
  return `s-${sentenceId}`;
}
