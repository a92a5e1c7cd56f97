import type { Metadata } from 'next';
import type { ContentCategory, ReadableDocument } from '@/lib/contract';
import { articleHref } from '@/lib/routes/article-routes';
import { categoryLabels } from '@/lib/contract/categories';

/*
 * What a reading page tells search engines and link previews: its title, a description taken from
 * the text, the one canonical address, Open Graph, and the JSON-LD of the article and its
 * breadcrumbs. Pure functions of the document and the site's origin, so that they are tested alone.
 */

/** Search engines show about this many characters of a description. */
export const descriptionMaxChars = 160;
const siteName = '语境';

// The lists of spec section 2 for the categories that have one; a menu category's index is
// `/{category}`, and what has neither (exam papers) is found from the category index.
const listPaths: Partial<Record<ContentCategory, string>> = {
  news: '/ReadNewsList',
  short_story: '/ShortStoryList',
  reading: '/readingList',
  listening: '/listeningList',
  paper: '/CategoryIndex',
};

/** The list a document belongs to: the breadcrumb between the site and the document. */
export function articleListOf(doc: Pick<ReadableDocument, 'category'>): { name: string; path: string } {
  return { name: categoryLabels[doc.category], path: listPaths[doc.category] ?? `/${doc.category}` };
}

/**
 * The canonical address of a document's page: the site's origin and the page's path, nothing else.
 * It is built from the document, never from the request's URL, so the share_account of a shared
 * link or a campaign's utm_* never makes a second address of one text.
 */
export function canonicalUrl(origin: string, doc: Pick<ReadableDocument, 'category' | 'filename'>): string {
  return new URL(articleHref(doc), withSlash(origin)).href;
}

/**
 * A description from the text: the excerpt the library chose (the first sentence of some length),
 * followed by the sentences after it while they fit, cut at a word with an ellipsis if the first
 * one is already too long. Runs of white space become one space.
 */
export function articleDescription(doc: Pick<ReadableDocument, 'excerpt' | 'paragraphs' | 'title'>): string {
  const sentences = doc.paragraphs.flat().map((s) => squeeze(s.text));
  const excerpt = squeeze(doc.excerpt.replace(/…$/, ''));
  // Start where the excerpt is in the text (a book opens with headings), else at the start.
  const at = excerpt ? sentences.findIndex((s) => s.startsWith(excerpt)) : -1;
  const from = at >= 0 ? sentences.slice(at) : sentences;
  let text = '';
  for (const sentence of from) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length > descriptionMaxChars) {
      if (!text) text = cut(sentence);
      break;
    }
    text = next;
  }
  return text || squeeze(doc.title);
}

/** The page's metadata (generateMetadata's answer). */
export function articleMetadata(doc: ReadableDocument, origin: string): Metadata {
  const url = canonicalUrl(origin, doc);
  const description = articleDescription(doc);
  return {
    title: doc.title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'article',
      url,
      title: doc.title,
      description,
      siteName,
      locale: 'zh_CN',
      publishedTime: doc.created_at,
    },
    twitter: { card: 'summary', title: doc.title, description },
  };
}

/** schema.org Article and BreadcrumbList of the page, as one JSON-LD graph. */
export function articleJsonLd(doc: ReadableDocument, origin: string) {
  const url = canonicalUrl(origin, doc);
  const home = new URL('/', withSlash(origin)).href;
  const list = articleListOf(doc);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Article',
        '@id': `${url}#article`,
        headline: doc.title.slice(0, 110),
        description: articleDescription(doc),
        inLanguage: 'en',
        wordCount: doc.word_count,
        url,
        mainEntityOfPage: url,
        ...(doc.year ? { datePublished: String(doc.year) } : {}),
        dateModified: doc.created_at,
        isBasedOn: doc.source,
        license: doc.licence,
        publisher: { '@type': 'Organization', name: siteName, url: home },
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: siteName, item: home },
          { '@type': 'ListItem', position: 2, name: list.name, item: new URL(list.path, withSlash(origin)).href },
          { '@type': 'ListItem', position: 3, name: doc.title, item: url },
        ],
      },
    ],
  };
}

/**
 * JSON-LD as the text of a script element: `<` is escaped so that no text of a document (a
 * `</script>` in it) can close the element early.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
const withSlash = (origin: string) => (origin.endsWith('/') ? origin : `${origin}/`);

function cut(text: string): string {
  const room = text.slice(0, descriptionMaxChars - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > descriptionMaxChars / 2 ? room.slice(0, space) : room).trimEnd()}…`;
}
