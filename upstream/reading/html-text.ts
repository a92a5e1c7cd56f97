import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/*
 * HTML as the library stores text: paragraphs separated by blank lines (text.ts reads them so),
 * each heading a paragraph of its own so that chapters.ts can find it. Used by feed items, web
 * pages and EPUB chapters alike.
 */

// Elements that start and end a paragraph of their own.
const blocks = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
// Never text a reader reads.
const skipped = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'head', 'iframe', 'object', 'select']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** The text of a DOM node and what it holds, as paragraphs joined by blank lines. */
export function textOfNode(root: DomNode): string {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
    current = '';
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toLowerCase().replace(/^.*:/, '');
    if (skipped.has(name)) return;
    if (name === 'br') {
      current += ' ';
      return;
    }
    const block = blocks.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return paragraphs.join('\n\n');
}

/** The text of an HTML fragment (a feed item's content) or a whole page's body. */
export function textOfHtml(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return textOfNode(document.body as unknown as DomNode);
}

export interface ReadableArticle {
  /** The page's title: readability's, else <title>, else the first heading; '' when none. */
  title: string;
  text: string;
}

/**
 * The article of a web page, found by Mozilla's readability (navigation, ads and footers left
 * out); the whole body's text when readability finds no article.
 */
export function readableArticle(html: string): ReadableArticle {
  const { document } = parseHTML(html);
  const pageTitle = (document.querySelector('title')?.textContent ?? document.querySelector('h1')?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const body = document.body as unknown as DomNode | null;
  // Readability changes the document it reads, so the fallback text is taken first.
  const wholeText = body ? textOfNode(body) : '';
  // linkedom's document is enough of a DOM for readability, though not typed as the browser's.
  const article = new Readability(document as unknown as Document).parse();
  const text = article?.content ? textOfHtml(article.content) : '';
  return { title: (article?.title ?? '').replace(/\s+/g, ' ').trim() || pageTitle, text: text || wholeText };
}
