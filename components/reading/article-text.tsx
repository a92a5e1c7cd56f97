import type { DocumentSentence } from '@/lib/contract';
import { articleTextHtml } from '@/lib/reading/article-html';

/**
 * A document's or a book page's text, as one string of paragraphs and sentence spans
 * (lib/reading/article-html.ts): written once on the server, read by ArticleReader from the DOM.
 */
export function ArticleText({ paragraphs }: { paragraphs: readonly (readonly DocumentSentence[])[] }) {
  return (
    <div
      data-testid="article-text"
      lang="en"
      className="article-text reading-text flex flex-col gap-4 leading-[1.9] text-ink"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built by articleTextHtml, which escapes every text
      dangerouslySetInnerHTML={{ __html: articleTextHtml(paragraphs) }}
    />
  );
}
