import { describe, expect, it } from 'vitest';
import { activeMenuAt, flattenMenu, type Menu } from './menu';
import { defaultMenu, menuItem, menus } from './menus';
import { matchRoute } from './route-table';

describe('defaultMenu', () => {
  it('has the spec categories with their labels, the last four under 更多', () => {
    expect(defaultMenu.map((e) => [e.key, e.label])).toEqual([
      ['postgraduate', '考研'],
      ['primary_school', '小学'],
      ['junior_high_school', '中考'],
      ['high_school', '高考'],
      ['cet4', '四级'],
      ['cet6', '六级'],
      ['ielts', '雅思'],
      ['new_concept_english', '新概念'],
      ['sentence', '句库'],
      ['essay', '短文'],
      ['tools', '工具'],
      ['more', '更多'],
    ]);
    const more = defaultMenu.at(-1);
    expect(more?.kind).toBe('group');
    if (more?.kind !== 'group') return;
    expect(more.items.map((i) => [i.key, i.label])).toEqual([
      ['bookworm', '书虫'],
      ['classic', '经典'],
      ['word', '单词'],
      ['me', '我的'],
    ]);
  });

  it('links to the course books, product indexes, word book and personal centre', () => {
    expect(Object.fromEntries(flattenMenu(defaultMenu).map((i) => [i.key, i.href]))).toEqual({
      postgraduate: '/aiBook/postgraduate',
      primary_school: '/aiBook/primary_school',
      junior_high_school: '/aiBook/junior_high_school',
      high_school: '/aiBook/high_school',
      cet4: '/aiBook/cet4',
      cet6: '/aiBook/cet6',
      ielts: '/aiBook/ielts',
      new_concept_english: '/aiBook/new_concept_english',
      sentence: '/sentence',
      essay: '/essay',
      dictionary: '/ContextualDict',
      analysis: '/chatSentence',
      photo: '/ContextualDict#photo-text',
      writer: '/writer',
      assessment: '/assessment',
      frequent: '/frequentWords/cet4/word/1/50',
      upload: '/uploadBook',
      review: '/review',
      bookworm: '/bookworm',
      classic: '/classic',
      word: '/Words',
      me: '/Admin',
    });
  });

  it('only links to page routes, those outside the tools showing a menu', () => {
    const tools = defaultMenu.find((entry) => entry.key === 'tools');
    for (const item of flattenMenu(defaultMenu)) {
      const match = matchRoute(new URL(item.href, 'http://x').pathname);
      expect(match?.route.name, item.href).toBeDefined();
      expect(match?.route.name).not.toBe('notFound');
      // A tool may be a page of its own without the header (the writer's full-screen editor).
      if (tools?.kind === 'group' && tools.items.includes(item)) continue;
      expect(match?.route.showMenu).toBe(true);
    }
  });

  it('links every learner tool: the writer, the test, photo to text, book upload', () => {
    const hrefs = flattenMenu(defaultMenu).map((i) => i.href);
    for (const path of ['/writer', '/assessment', '/ContextualDict#photo-text', '/uploadBook']) expect(hrefs).toContain(path);
  });

  it('is the default menu set', () => {
    expect(menus.default).toBe(defaultMenu);
  });

  it('reaches the browser as plain data', () => {
    expect(JSON.parse(JSON.stringify(defaultMenu))).toEqual(defaultMenu);
  });

  it('refuses an item whose address is not a page', () => {
    expect(() => menuItem({ key: 'x', label: 'X', href: '/no/such/page' })).toThrow(/not a page/);
  });
});

describe('flattenMenu', () => {
  it('lists every item in display order with groups opened in place', () => {
    expect(flattenMenu(defaultMenu).map((i) => i.key)).toEqual([
      'postgraduate',
      'primary_school',
      'junior_high_school',
      'high_school',
      'cet4',
      'cet6',
      'ielts',
      'new_concept_english',
      'sentence',
      'essay',
      'dictionary',
      'analysis',
      'photo',
      'writer',
      'assessment',
      'frequent',
      'upload',
      'review',
      'bookworm',
      'classic',
      'word',
      'me',
    ]);
  });

  it('keeps items between and after groups in place', () => {
    const menu: Menu = [
      menuItem({ key: 'a', label: 'A', href: '/a' }),
      { kind: 'group', key: 'g', label: 'G', items: [menuItem({ key: 'b', label: 'B', href: '/b' })] },
      menuItem({ key: 'c', label: 'C', href: '/c' }),
    ];
    expect(flattenMenu(menu).map((i) => i.key)).toEqual(['a', 'b', 'c']);
  });
});

describe('activeMenuAt', () => {
  const at = (path: string, search?: URLSearchParams) => activeMenuAt(defaultMenu, path, search);

  it('lights the course book of /aiBook/{category}', () => {
    expect(at('/aiBook/cet4')).toEqual({ item: 'cet4' });
    expect(at('/aiBook/new_concept_english')).toEqual({ item: 'new_concept_english' });
  });

  it('lights an exam’s course book on its reading index too', () => {
    expect(at('/cet4')).toEqual({ item: 'cet4' });
    expect(at('/junior_high_school')).toEqual({ item: 'junior_high_school' });
    expect(at('/postgraduate')).toEqual({ item: 'postgraduate' });
  });

  it('lights the item and its group inside 更多', () => {
    expect(at('/bookworm')).toEqual({ item: 'bookworm', group: 'more' });
    expect(at('/Words')).toEqual({ item: 'word', group: 'more' });
    expect(at('/WordsForCourse')).toEqual({ item: 'word', group: 'more' });
    expect(at('/Admin')).toEqual({ item: 'me', group: 'more' });
  });

  it('lights product indexes by their param', () => {
    expect(at('/sentence')).toEqual({ item: 'sentence' });
    expect(at('/essay')).toEqual({ item: 'essay' });
    expect(at('/other')).toBeNull();
  });

  it('lights nothing for routes no item owns', () => {
    expect(at('/aiBook/paper')).toBeNull();
    expect(at('/ReadNews')).toBeNull();
    expect(at('/')).toBeNull();
    expect(at('/Sentences')).toBeNull();
    expect(at('/no/such/page')).toBeNull();
    expect(at('/%')).toBeNull();
  });

  it('lights the routes that belong to an item, whatever their params, but not a not-found path', () => {
    expect(at('/frequentWords/cet6/phrase/3/20')).toEqual({ item: 'frequent', group: 'tools' });
    expect(at('/myBook/12')).toEqual({ item: 'upload', group: 'tools' });
    expect(matchRoute('/myBook/abc')).toBeNull();
    expect(at('/myBook/abc')).toBeNull();
    expect(at('/review/stats')).toEqual({ item: 'review', group: 'tools' });
    expect(at('/Profil')).toEqual({ item: 'me', group: 'more' });
  });

  it('reads an address as the table does: decoded, one trailing slash, case-sensitive', () => {
    expect(at('/aiBook/cet4/')).toEqual({ item: 'cet4' });
    expect(at('/aiBook/%63et4')).toEqual({ item: 'cet4' });
    expect(at('/aiBook/CET4')).toBeNull();
  });

  it('requires the query an item href carries', () => {
    const menu: Menu = [menuItem({ key: 'essays', label: '短文', href: '/readingList?category=essay' })];
    expect(activeMenuAt(menu, '/readingList', new URLSearchParams('category=essay&page=2'))).toEqual({ item: 'essays' });
    expect(activeMenuAt(menu, '/readingList', { category: ['essay', 'x'] })).toEqual({ item: 'essays' });
    expect(activeMenuAt(menu, '/readingList', new URLSearchParams('category=news'))).toBeNull();
    expect(activeMenuAt(menu, '/readingList', undefined)).toBeNull();
  });
});
