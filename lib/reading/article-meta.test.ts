import { describe, expect, it } from 'vitest';
import type { ReadableDocument } from '@/lib/contract';
import {
  articleDescription,
  articleJsonLd,
  articleListOf,
  articleMetadata,
  canonicalUrl,
  descriptionMaxChars,
  jsonLdScript,
} from './article-meta';

const sentence = (id: number, text: string) => ({ id, text });

const book: ReadableDocument = {
  category: 'classic',
  sub_category: null,
  filename: 'carroll-alice',
  title: "Alice's Adventures in Wonderland",
  year: 1865,
  source: 'Lewis Carroll, via Project Gutenberg',
  licence: 'Public domain (Project Gutenberg)',
  level: 3,
  level_label: '中级',
  word_count: 26_000,
  profile: { zk: 1, gk: 2, cet4: 3, cet6: 4, ky: 5, ielts: 6 },
  excerpt: 'Alice was beginning to get very tired of sitting by her sister on the bank.',
  created_at: '2026-03-02T02:00:00.000Z',
  paragraphs: [
    [sentence(1, 'CHAPTER I.'), sentence(2, 'Down the Rabbit-Hole')],
    [
      sentence(3, 'Alice was beginning to get very tired of sitting by her sister on the bank.'),
      sentence(4, 'She had   peeped into\nthe book.'),
      sentence(5, 'It had no pictures or conversations in it, and what is the use of a book without pictures?'),
    ],
  ],
};

describe('the canonical address', () => {
  it('is the origin and the page of the document’s category, whatever the origin’s form', () => {
    expect(canonicalUrl('https://yujing.example', book)).toBe('https://yujing.example/Article/carroll-alice');
    expect(canonicalUrl('https://yujing.example/', book)).toBe('https://yujing.example/Article/carroll-alice');
    expect(canonicalUrl('http://127.0.0.1:3000', { category: 'news', filename: "Zoë's news (1)" })).toBe(
      "http://127.0.0.1:3000/NewsArticle/Zo%C3%AB's%20news%20(1)",
    );
  });

  it('carries no query: a shared link’s share_account and campaign parameters are not part of it', () => {
    const metadata = articleMetadata(book, 'https://yujing.example');
    expect(metadata.alternates?.canonical).toBe('https://yujing.example/Article/carroll-alice');
    expect(String(metadata.alternates?.canonical)).not.toContain('?');
    expect(metadata.openGraph).toMatchObject({ url: 'https://yujing.example/Article/carroll-alice', type: 'article' });
  });
});

describe('the description', () => {
  it('starts at the excerpt (past a book’s headings) and adds sentences while they fit, spaces squeezed', () => {
    const text = articleDescription(book);
    expect(text).toBe(
      'Alice was beginning to get very tired of sitting by her sister on the bank. She had peeped into the book.',
    );
    expect(text.length).toBeLessThanOrEqual(descriptionMaxChars);
  });

  it('cuts a first sentence too long for it at a word, with an ellipsis', () => {
    const long = `${'word '.repeat(60)}end.`;
    const doc = { ...book, excerpt: `${long.slice(0, 150)}…`, paragraphs: [[sentence(1, long)]] };
    const text = articleDescription(doc);
    expect(text.length).toBeLessThanOrEqual(descriptionMaxChars);
    expect(text).toMatch(/^word( word)+…$/);
  });

  it('falls back to the opening sentences without an excerpt, and to the title without text', () => {
    expect(articleDescription({ ...book, excerpt: '' })).toBe(
      'CHAPTER I. Down the Rabbit-Hole Alice was beginning to get very tired of sitting by her sister on the bank. She had peeped into the book.',
    );
    expect(articleDescription({ ...book, excerpt: '', paragraphs: [] })).toBe(book.title);
  });
});

describe('the JSON-LD', () => {
  it('describes the article and its breadcrumbs with absolute addresses', () => {
    const graph = articleJsonLd(book, 'https://yujing.example')['@graph'];
    expect(graph[0]).toMatchObject({
      '@type': 'Article',
      headline: book.title,
      inLanguage: 'en',
      wordCount: 26_000,
      datePublished: '1865',
      license: book.licence,
      url: 'https://yujing.example/Article/carroll-alice',
    });
    expect(graph[1]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: 'https://yujing.example/' },
        { position: 2, name: '经典', item: 'https://yujing.example/classic' },
        { position: 3, name: book.title, item: 'https://yujing.example/Article/carroll-alice' },
      ],
    });
  });

  it('leaves out a year the document does not have', () => {
    expect(articleJsonLd({ ...book, year: null }, 'https://x.example')['@graph'][0]).not.toHaveProperty('datePublished');
  });

  it('cannot be closed early by a document’s text', () => {
    const script = jsonLdScript(articleJsonLd({ ...book, title: 'A </script><script>alert(1)</script>' }, 'https://x.example'));
    expect(script).not.toContain('</script>');
    expect(JSON.parse(script)['@graph'][0].headline).toBe('A </script><script>alert(1)</script>');
  });

  it('puts each document under its list', () => {
    expect(articleListOf({ category: 'news' })).toEqual({ name: '新闻', path: '/ReadNewsList' });
    expect(articleListOf({ category: 'listening' })).toEqual({ name: '听力', path: '/listeningList' });
    expect(articleListOf({ category: 'paper' }).path).toBe('/CategoryIndex');
  });
});
