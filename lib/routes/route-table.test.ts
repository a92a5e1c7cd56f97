import { describe, expect, it } from 'vitest';
import { chromeAt } from './chrome';
import {
  NOT_FOUND_PATH,
  browserPattern,
  chromeFor,
  createRouteMatcher,
  defineRoute,
  isProductName,
  matchRoute,
  routeChrome,
  pathFor,
  resolvePath,
  routes,
  type RouteName,
} from './route-table';

// One concrete path for every route of spec section 2, with the name and params it must give.
const specPaths: [string, RouteName, Record<string, string>][] = [
  ['/', 'portal', {}],
  ['/annotate/u-42', 'annotate', { uid: 'u-42' }],
  ['/topicList/7/%E9%98%85%E8%AF%BB', 'topicList', { cid: '7', title: '阅读' }],
  ['/Login', 'Login', {}],
  ['/Profil', 'Profil', {}],
  ['/CategoryIndex', 'CategoryIndex', {}],
  ['/Article/a%20b.md', 'Article', { fileName: 'a b.md' }],
  ['/ReadNews', 'ReadNews', {}],
  ['/ReadNewsList', 'ReadNewsList', {}],
  ['/ShortStoryList', 'ShortStoryList', {}],
  ['/NewsArticle/n1', 'NewsArticle', { fileName: 'n1' }],
  ['/ShortStoryArticle/s1', 'ShortStoryArticle', { fileName: 's1' }],
  ['/BuyVip', 'BuyVip', {}],
  ['/VipDetails', 'VipDetails', {}],
  ['/Admin', 'Admin', {}],
  ['/VipFinish', 'VipFinish', {}],
  ['/AboutUs', 'AboutUs', {}],
  ['/ContextualDict', 'ContextualDict', {}],
  ['/ContextualDictForZhenti', 'ContextualDictForZhenti', {}],
  ['/ContextualDictAPI', 'ContextualDictAPI', {}],
  ['/ContextualDictHistory', 'ContextualDictHistory', {}],
  ['/Share', 'Share', {}],
  ['/chatSentence', 'chatSentence', {}],
  ['/Grammar', 'Grammar', {}],
  ['/Words', 'Words', {}],
  ['/WordsForContextualDict', 'WordsForContextualDict', {}],
  ['/WordsForCourse', 'WordsForCourse', {}],
  ['/Sentences', 'Sentences', {}],
  ['/SentencesForContextualDict', 'SentencesForContextualDict', {}],
  ['/SentencesForCourse', 'SentencesForCourse', {}],
  ['/SentencesForChat', 'SentencesForChat', {}],
  ['/review', 'review', {}],
  ['/review/stats', 'reviewStats', {}],
  ['/bookworm', 'index', { product: 'bookworm' }],
  ['/zhenti', 'zhenti', {}],
  ['/frequentWords/cet4/noun/2/20', 'frequentWords', { subcategory: 'cet4', wordType: 'noun', page: '2', pageSize: '20' }],
  ['/listeningList', 'listeningList', {}],
  ['/readingList', 'readingList', {}],
  ['/readingChapter/Chapter%201', 'readingChapter', { title: 'Chapter 1' }],
  ['/readingArticle/r1', 'readingArticle', { fileName: 'r1' }],
  ['/UseForFree', 'UseForFree', {}],
  ['/UseForFreeDict', 'UseForFreeDict', {}],
  ['/UseForFreeSent', 'UseForFreeSent', {}],
  ['/charge', 'charge', {}],
  ['/pdf', 'pdf', {}],
  ['/writer', 'writer', {}],
  ['/ExpertInstruction', 'ExpertInstruction', {}],
  ['/aiBook/cet4', 'aiBookCategory', { category: 'cet4' }],
  ['/aiBook/word/detail', 'aiBookDetail', { type: 'word' }],
  ['/aiBook/word/class', 'aiBookWordClass', {}],
  ['/aiBook/sentence/class', 'aiBookSentenceClass', {}],
  ['/aiBook/reading/class', 'aiBookReadingClass', {}],
  ['/aiBook/reading-question/class', 'aiBookReadingQuestionClass', {}],
  ['/uploadBook', 'uploadBook', {}],
  ['/myBook/12', 'myBook', { bookId: '12' }],
  ['/assessment', 'assessment', {}],
  ['/operator', 'operator', {}],
  ['/vip', 'vip', {}],
  ['/NotFound', 'notFound', {}],
];

describe('matchRoute', () => {
  it.each(specPaths)('%s is %s', (path, name, params) => {
    const match = matchRoute(path);
    expect(match?.route.name).toBe(name);
    expect(match?.params).toEqual(params);
  });

  it('covers every route of the table exactly once', () => {
    expect(new Set(specPaths.map(([, name]) => name))).toEqual(new Set(routes.map((r) => r.name)));
    expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
  });

  it('never has two patterns of the same shape', () => {
    const shapes = routes.map((r) => r.pattern.replace(/:[A-Za-z]+/g, ':'));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('prefers fixed segments to params', () => {
    expect(matchRoute('/aiBook/word/class')?.route.name).toBe('aiBookWordClass');
    expect(matchRoute('/aiBook/reading-question/class')?.route.name).toBe('aiBookReadingQuestionClass');
    expect(matchRoute('/aiBook/reading-question/detail')?.params).toEqual({ type: 'reading-question' });
    expect(matchRoute('/Login')?.route.name).toBe('Login');
    expect(matchRoute('/zhenti')?.route.name).toBe('zhenti');
    expect(matchRoute('/NotFound')?.route.name).toBe('notFound');
  });

  it('does not treat the class and detail words as course-book categories', () => {
    for (const word of ['word', 'sentence', 'reading', 'reading-question', 'detail', 'class']) {
      expect(matchRoute(`/aiBook/${word}`)).toBeNull();
    }
    expect(matchRoute('/aiBook/word/other')).toBeNull();
    expect(matchRoute('/aiBook/paper')?.params).toEqual({ category: 'paper' });
  });

  it('keeps /{product} to plain names that no route or system path owns', () => {
    expect(matchRoute('/sentence')?.params).toEqual({ product: 'sentence' });
    for (const path of [
      '/login',
      '/words',
      '/aiBook',
      '/Article',
      '/annotate',
      '/frequentWords',
      '/api',
      '/healthz',
      '/favicon.ico',
      '/notfound',
      '/%E4%B8%AD',
    ]) {
      expect(matchRoute(path), path).toBeNull();
    }
    expect(isProductName('essay')).toBe(true);
    expect(isProductName('Zhenti')).toBe(false);
  });

  it('is case-sensitive, tolerates one trailing slash, refuses empty segments', () => {
    expect(matchRoute('/ReadNews/')?.route.name).toBe('ReadNews');
    expect(matchRoute('/aiBook/CET4')).toBeNull();
    expect(matchRoute('//Login')).toBeNull();
    expect(matchRoute('/annotate//x')).toBeNull();
    expect(matchRoute('Login')).toBeNull();
    expect(matchRoute('')).toBeNull();
  });

  it('answers null without throwing for malformed or tricky encoding', () => {
    for (const path of [
      '/Article/%E0%A4%A',
      '/Article/%',
      '/%zz',
      '/annotate/%C3%28',
      '/Article/..',
      '/Article/%2E%2E',
      '/Article/a%00b',
      '/topicList/1/%0a',
    ]) {
      expect(() => matchRoute(path)).not.toThrow();
      expect(matchRoute(path), path).toBeNull();
    }
    expect(matchRoute(undefined as unknown as string)).toBeNull();
  });

  it('decodes params once, so an encoded slash stays inside its segment', () => {
    expect(matchRoute('/readingArticle/a%2Fb')?.params).toEqual({ fileName: 'a/b' });
    expect(matchRoute('/readingArticle/100%25')?.params).toEqual({ fileName: '100%' });
  });

  it('answers null for unknown paths', () => {
    expect(matchRoute('/a/b/c')).toBeNull();
    expect(matchRoute('/aiBook/unknown')).toBeNull();
    expect(matchRoute('/Login/extra')).toBeNull();
  });
});

describe('createRouteMatcher precedence', () => {
  // Without the product constraint only precedence keeps the catch-all from swallowing routes;
  // the catch-all is listed first so table order cannot be what saves them.
  const match = createRouteMatcher([
    defineRoute('catchAll', '/:product'),
    defineRoute('typeDetail', '/aiBook/:type/:view'),
    defineRoute('anyClass', '/aiBook/:type/class'),
    defineRoute('wordClass', '/aiBook/word/class'),
    defineRoute('Login', '/Login'),
  ]);

  it('puts a fixed segment before a param at the first position they differ', () => {
    expect(match('/Login')?.route.name).toBe('Login');
    expect(match('/other')?.route.name).toBe('catchAll');
    expect(match('/aiBook/word/class')?.route.name).toBe('wordClass');
    expect(match('/aiBook/reading/class')?.route.name).toBe('anyClass');
    expect(match('/aiBook/reading/detail')?.params).toEqual({ type: 'reading', view: 'detail' });
  });
});

describe('chromeFor', () => {
  const layoutFor = (path: string) => chromeFor(path).layout;

  it('hides the footer on the history, word-book, sentence-book and review pages', () => {
    for (const path of [
      '/ContextualDictHistory',
      '/Words',
      '/WordsForContextualDict',
      '/WordsForCourse',
      '/Sentences',
      '/SentencesForContextualDict',
      '/SentencesForCourse',
      '/SentencesForChat',
      '/review',
      '/review/stats',
    ]) {
      expect(layoutFor(path), path).toMatchObject({ showHeader: true, showFooter: false, showMenu: true });
    }
  });

  it('hides header, footer and menu on the bare pages', () => {
    for (const path of [
      '/writer',
      '/ExpertInstruction',
      '/aiBook/cet4/detail',
      '/aiBook/word/class',
      '/aiBook/sentence/class',
      '/aiBook/reading/class',
      '/aiBook/reading-question/class',
    ]) {
      expect(layoutFor(path), path).toMatchObject({ showHeader: false, showFooter: false, showMenu: false });
    }
  });

  it('gives ordinary pages the full shell', () => {
    expect(layoutFor('/ReadNews')).toEqual({
      showHeader: true,
      showFooter: true,
      showMenu: true,
      headerStyle: 'solid',
      footerStyle: 'black',
      appTitle: '语境',
    });
    expect(layoutFor('/')).toMatchObject({ headerStyle: 'transparent', footerStyle: 'blue' });
  });

  it("gives unknown paths the not-found page's flags", () => {
    const notFound = layoutFor(NOT_FOUND_PATH);
    for (const path of ['/no/such/page', '/aiBook/unknown', '/Article/%', '/login']) {
      expect(layoutFor(path), path).toEqual(notFound);
    }
  });

  it("gives a redirect its target's flags", () => {
    expect(layoutFor('/zhenti')).toEqual(layoutFor('/aiBook/paper'));
  });

  it('never shows a menu without a header', () => {
    for (const r of routes) if (!r.showHeader) expect(r.showMenu, r.name).toBe(false);
  });
});

describe('resolvePath', () => {
  it('forwards /zhenti to the exam-paper course book', () => {
    expect(resolvePath('/zhenti')).toEqual({ kind: 'redirect', to: '/aiBook/paper' });
  });

  it('sends an unknown course-book category to /NotFound', () => {
    expect(resolvePath('/aiBook/toefl')).toEqual({ kind: 'redirect', to: '/NotFound' });
  });

  it('renders not-found in place for other unknown paths', () => {
    expect(resolvePath('/x/y/z')).toEqual({ kind: 'notFound' });
    expect(resolvePath('/%')).toEqual({ kind: 'notFound' });
  });

  it('renders pages with their params', () => {
    expect(resolvePath('/aiBook/ielts')).toMatchObject({
      kind: 'page',
      route: { name: 'aiBookCategory' },
      params: { category: 'ielts' },
    });
  });
});

describe('pathFor', () => {
  it('builds paths that match back to the same route and params', () => {
    const path = pathFor('topicList', { cid: '3', title: 'a/b c' });
    expect(path).toBe('/topicList/3/a%2Fb%20c');
    expect(matchRoute(path)).toMatchObject({ route: { name: 'topicList' }, params: { cid: '3', title: 'a/b c' } });
    expect(pathFor('Admin')).toBe('/Admin');
    expect(() => pathFor('annotate', { uid: '' })).toThrow();
  });
});

describe('chromeFor: the logo and the menu', () => {
  it("sends the logo to the route's home, else the portal", () => {
    expect(chromeFor('/ContextualDictHistory').home).toBe('/ContextualDict');
    expect(chromeFor('/ReadNews').home).toBe('/');
    expect(chromeFor('/no/such/page').home).toBe('/');
    for (const r of routes) if (r.home) expect(matchRoute(r.home), r.name).not.toBeNull();
  });

  it('shows every route the default menu', () => {
    for (const [path] of specPaths) expect(chromeFor(path).menu, path).toBe('default');
  });
});

describe('routeChrome in the browser (chromeAt)', () => {
  // Odd and unknown paths besides one path of every route: the browser's answer must be the table's.
  const oddPaths = [
    '/no/such/page',
    '/aiBook/unknown',
    '/aiBook/word',
    '/aiBook/toefl/detail',
    '/aiBook/word/class/',
    '/writer/',
    '/Writer',
    '/Article/%',
    '/login',
    '/myBook/0',
    '/myBook/abc',
    '/review/stats/x',
    '/%77riter',
    '',
    'writer',
  ];

  it.each([...specPaths.map(([path]) => path), ...oddPaths])('%s shows the same chrome as the table says', (path) => {
    expect(chromeAt(routeChrome, path)).toEqual(chromeFor(path));
  });

  it('drops all chrome when embedded in a host app', () => {
    expect(chromeAt(routeChrome, '/ReadNews', { embedded: true }).layout).toMatchObject({
      showHeader: false,
      showFooter: false,
      showMenu: false,
    });
    expect(chromeAt(routeChrome, '/ContextualDict', { embedded: true }).home).toBe('/ContextualDict');
  });

  it('holds only the routes whose chrome differs from an unknown path’s', () => {
    expect(routeChrome.fallback).toEqual(chromeFor(NOT_FOUND_PATH));
    expect(routeChrome.rules.flatMap((rule) => rule.patterns).length).toBeLessThan(routes.length / 2);
    expect(JSON.parse(JSON.stringify(routeChrome))).toEqual(routeChrome);
  });
});

describe('browserPattern', () => {
  it('gives fixed words, any value, and a regular expression’s source', () => {
    expect(browserPattern('aiBookDetail')).toEqual(['aiBook', null, 'detail']);
    expect(browserPattern('myBook')).toEqual(['myBook', { re: '^[1-9]\\d{0,8}$' }]);
  });

  it('refuses routes the browser could not follow alone', () => {
    expect(() => browserPattern('index')).toThrow(/takes some of its paths first/);
    expect(() => browserPattern('aiBookCategory')).toThrow(/guard/);
  });
});
