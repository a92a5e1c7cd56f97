import type { ReactNode } from 'react';
import type { ReadableDocument } from '@/lib/contract';
import { articleListOf } from '@/lib/reading/article-meta';
import type { ArticlePage } from '@/lib/routes/article-routes';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ArticleReader } from './article-reader';
import { ArticleText } from './article-text';
import { DocumentFacts } from './document-facts';

/**
 * A document as readable HTML, rendered on the server: its title, where it comes from, its facts
 * and its whole text, paragraph by paragraph, each sentence a span carrying the library's id. The
 * text is all there before any script runs (search engines, readers without JavaScript); the
 * client island (ArticleReader) then makes the words and sentences work, by listening on the
 * text rather than re-rendering it.
 */
export function ArticleView({
  doc,
  page,
  shelf,
}: {
  doc: ReadableDocument;
  page: ArticlePage;
  /** 加入书架, which the page gives (the books feature's button). */
  shelf?: ReactNode;
}) {
  const list = articleListOf(doc);
  return (
    <article data-testid="article" className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 md:py-10">
      <Breadcrumbs
        trail={[
          { href: '/', label: '首页' },
          { href: list.path, label: list.name },
        ]}
        current={doc.title}
      />
      <header className="flex flex-col gap-2">
        <h1 data-testid="article-title" lang="en" className="text-2xl font-semibold leading-tight md:text-3xl">
          {doc.title}
        </h1>
        <dl data-testid="article-source" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
          <div className="flex gap-1">
            <dt>来源</dt>
            <dd lang="en">{doc.source}</dd>
          </div>
          {doc.year ? (
            <div className="flex gap-1">
              <dt>年份</dt>
              <dd>{doc.year}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt>版权</dt>
            <dd lang="en" data-testid="article-licence">
              {doc.licence}
            </dd>
          </div>
        </dl>
        <DocumentFacts doc={doc} detailed />
      </header>
      <ArticleReader from={page} listId={`${doc.category}/${doc.sub_category ?? ''}/${doc.filename}`} shelf={shelf}>
        <ArticleText paragraphs={doc.paragraphs} />
      </ArticleReader>
    </article>
  );
}
