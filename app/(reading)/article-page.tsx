import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { readArticle } from '@/lib/bff/article';
import { cachedPageOrigin } from '@/lib/bff/site';
import { articleJsonLd, articleMetadata, jsonLdScript } from '@/lib/reading/article-meta';
import { type ArticlePage, articleFileName } from '@/lib/routes/article-routes';
import { LazyShelfButton } from '@/components/books/lazy-shelf-button';
import { ArticleView } from '@/components/reading/article-view';

interface Props {
  params: Promise<{ fileName: string }>;
}

/**
 * The four reading pages (/Article, /NewsArticle, /ShortStoryArticle, /readingArticle) are one
 * page: each route file names its kind, which says in which categories the file is looked for.
 */
export function articlePage(page: ArticlePage) {
  // No document is rendered at build time: each page is rendered when first read, then cached
  // (app/(reading)/layout.tsx).
  async function generateStaticParams(): Promise<{ fileName: string }[]> {
    return [];
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const doc = await readArticle(page, articleFileName((await params).fileName));
    // The page itself answers 404; its title says so.
    if (!doc) return { title: '页面不存在', robots: { index: false } };
    return articleMetadata(doc, cachedPageOrigin());
  }

  async function ArticleRoute({ params }: Props) {
    const doc = await readArticle(page, articleFileName((await params).fileName));
    if (!doc) notFound();
    const jsonLd = jsonLdScript(articleJsonLd(doc, cachedPageOrigin()));
    return (
      <>
        <ArticleView
          doc={doc}
          page={page}
          shelf={
            <LazyShelfButton
              kind="document"
              shelfRef={`${doc.category}/${doc.sub_category ?? ''}/${doc.filename}`}
              addition={{
                category: doc.category,
                ...(doc.sub_category ? { sub_category: doc.sub_category } : {}),
                filename: doc.filename,
              }}
            />
          }
        />
        {/* After the text, which then comes first in the page's source. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLdScript so no text closes the script */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      </>
    );
  }

  return { generateMetadata, generateStaticParams, ArticleRoute };
}
