import { describe, expect, it } from 'vitest';
import { pageCount, pageHref, pagerItems, requestedPage } from './paging';

describe('requestedPage', () => {
  it('is 1 without a page, the number for a whole positive one', () => {
    expect(requestedPage({})).toBe(1);
    expect(requestedPage({ page: '3' })).toBe(3);
    expect(requestedPage({ page: ['4', '5'] })).toBe(4);
  });

  it('is null for anything that is not a page', () => {
    for (const page of ['0', '-1', 'x', '2.5', '', '01', '1e3', '9999999999']) expect(requestedPage({ page })).toBeNull();
  });
});

describe('pageCount', () => {
  it('rounds up, and an empty list still has its one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('pageHref', () => {
  it('leaves page 1 bare and keeps the other query values', () => {
    expect(pageHref('/classic', 1)).toBe('/classic');
    expect(pageHref('/classic', 2)).toBe('/classic?page=2');
    expect(pageHref('/classic', 3, { sub: 'Alice & Bob', empty: '' })).toBe('/classic?sub=Alice+%26+Bob&page=3');
  });
});

describe('pagerItems', () => {
  const labels = (current: number, pages: number) =>
    pagerItems(current, pages).map((i) => (i.kind === 'gap' ? '…' : i.current ? `[${i.page}]` : String(i.page)));

  it('has nothing for a single page', () => {
    expect(pagerItems(1, 1)).toEqual([]);
  });

  it('links every page of a short list', () => {
    expect(labels(2, 4)).toEqual(['1', '[2]', '3', '4']);
  });

  it('keeps the first, the last and the neighbours, with gaps between', () => {
    expect(labels(10, 20)).toEqual(['1', '…', '8', '9', '[10]', '11', '12', '…', '20']);
    expect(labels(1, 20)).toEqual(['[1]', '2', '3', '…', '20']);
  });

  it('links a single left-out page rather than hiding it behind a gap', () => {
    expect(labels(5, 9)).toEqual(['1', '2', '3', '4', '[5]', '6', '7', '8', '9']);
  });
});
