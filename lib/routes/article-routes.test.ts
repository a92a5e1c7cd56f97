import { describe, expect, it } from 'vitest';
import { contentCategories } from '@/lib/contract/categories';
import { sentenceSourceOf } from '@/lib/contract';
import { articleCategories, articleHref, articlePageOf, articlePages, sentenceAnchor } from './article-routes';

describe('article routes', () => {
  it('sends each category to its reading page, and each page finds exactly the categories sent to it', () => {
    expect(articleHref({ category: 'news', filename: 'Rain in 北京 (1)' })).toBe(
      '/NewsArticle/Rain%20in%20%E5%8C%97%E4%BA%AC%20(1)',
    );
    expect(articleHref({ category: 'classic', filename: 'alice' })).toBe('/Article/alice');
    expect(articleCategories('readingArticle', contentCategories)).toEqual(['reading', 'listening']);
    for (const category of contentCategories) {
      expect(articleCategories(articlePageOf(category), contentCategories)).toContain(category);
    }
  });

  it('names a sentence with the fragment the table of contents links to', () => {
    expect(sentenceAnchor(42)).toBe('s-42');
    expect(`${articleHref({ category: 'classic', filename: 'alice' })}#${sentenceAnchor(7)}`).toBe('/Article/alice#s-7');
  });
});

describe('where a looked-up sentence was met', () => {
  it('is reading on every article page and in a book, a course unit in a course, else the dictionary', () => {
    for (const page of articlePages) expect(sentenceSourceOf(page)).toBe('reading');
    expect(sentenceSourceOf('myBook')).toBe('reading');
    expect(sentenceSourceOf('course')).toBe('course');
    for (const from of ['ContextualDict', 'ReadNews', '', undefined]) expect(sentenceSourceOf(from)).toBe('lookup');
  });
});
