import { describe, expect, it } from 'vitest';
import { categoryLabels, contentCategories } from '@/lib/contract/categories';
import { matchRoute } from '@/lib/routes/route-table';
import { categoryHref, isKnownProduct, productNames } from './categories';

describe('reading categories', () => {
  it('gives every product page a route of the table', () => {
    for (const product of productNames) expect(matchRoute(`/${product}`)?.route.name, product).toBe('index');
  });

  it('knows the products and nothing else, inherited names included', () => {
    expect(isKnownProduct('classic')).toBe(true);
    expect(isKnownProduct('me')).toBe(true);
    for (const name of ['news', 'constructor', '__proto__', 'Classic', 'nope']) expect(isKnownProduct(name), name).toBe(false);
  });

  it('lists every category on exactly one page of the table, and names it', () => {
    for (const category of contentCategories) {
      const href = categoryHref(category);
      expect(matchRoute(href), href).not.toBeNull();
      expect(categoryLabels[category]).toBeTruthy();
    }
    expect(categoryHref('news')).toBe('/ReadNewsList');
    expect(categoryHref('listening')).toBe('/listeningList');
    expect(categoryHref('classic')).toBe('/classic');
    expect(new Set(contentCategories.map(categoryHref)).size).toBe(contentCategories.length);
  });

  it('has a product page for every category that has no list page of its own', () => {
    for (const category of contentCategories) {
      const route = matchRoute(categoryHref(category))?.route.name;
      if (route === 'index') expect(isKnownProduct(category), category).toBe(true);
    }
  });
});
