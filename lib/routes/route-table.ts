import { isCourseBookCategory } from '@/lib/contract/categories';
import type { Chrome, ChromeMap, LayoutFlags, MenuKey } from './chrome';
import { type SegmentRule, splitPath } from './path-match';

/**
 * Every page route of spec section 2 as data, and the one matcher that turns a pathname into a
 * route. The shell reads its layout from here (header, footer, menu, logo home) so pages never
 * decide their own chrome, and the proxy can resolve redirects and guards before rendering.
 *
 * Precedence: only patterns with as many segments as the path compete; among them, at the first
 * position where two differ, a fixed segment beats a param (`/aiBook/word/class` before
 * `/aiBook/:type/detail`, `/Login` before `/:product`); ties keep table order. Matching is
 * case-sensitive, as in Next.
 *
 * No page's first load carries this table: the shell follows client navigations with
 * `routeChrome`, the table reduced on the server to patterns (./chrome), and the menu comes built
 * (./menus). Client components that build links with `pathFor` (the bookshelf, the lessons) bring
 * it in their own chunks.
 */

export type RouteParams = Readonly<Record<string, string>>;

export interface RouteDef<N extends string = string, P extends string = string> extends Readonly<LayoutFlags> {
  readonly name: N;
  /** Next-style path: fixed segments and `:param` segments, one param per whole segment. */
  readonly pattern: P;
  /** Where the logo goes; the portal when absent. */
  readonly home?: string;
  readonly menu?: MenuKey;
  /** A path that only forwards elsewhere (query kept by the caller). */
  readonly redirect?: string;
  /**
   * Shape rules for params: a value that fails one means the pattern does not match at all, so
   * the path falls through to other routes or to not-found. A regular expression can also be
   * held by the browser (`browserPattern`); a function cannot.
   */
  readonly constraints?: Readonly<Record<string, RegExp | ((value: string) => boolean)>>;
  /**
   * Known-value rule: the path is this route's, but an unknown value goes to /NotFound
   * (spec: `/aiBook/{category}`). Unlike a constraint it does not fall through.
   */
  readonly guard?: (params: RouteParams) => boolean;
}

export const PORTAL_PATH = '/';
export const NOT_FOUND_PATH = '/NotFound';

const shell: LayoutFlags = {
  showHeader: true,
  showFooter: true,
  showMenu: true,
  headerStyle: 'solid',
  footerStyle: 'black',
  appTitle: '语境',
};

type RouteOptions = Partial<LayoutFlags> & Pick<RouteDef, 'home' | 'menu' | 'redirect' | 'constraints' | 'guard'>;

/** One route: the shell's defaults plus its overrides; the menu goes wherever the header goes. */
export function defineRoute<const N extends string, const P extends string>(
  name: N,
  pattern: P,
  options: RouteOptions = {},
): RouteDef<N, P> {
  const showHeader = options.showHeader ?? shell.showHeader;
  return Object.freeze({
    ...shell,
    ...options,
    name,
    pattern,
    showHeader,
    showMenu: showHeader && (options.showMenu ?? shell.showMenu),
  });
}

const route = defineRoute;
const noFooter = { showFooter: false } as const;
const bare = { showHeader: false, showFooter: false } as const;
// The dictionary and its word and sentence books are one tool; its logo returns to the tool.
const dictionary = { home: '/ContextualDict' } as const;

export const routes = [
  // The landing page is the one page with a hero under the header and the brand-blue footer.
  route('portal', '/', { headerStyle: 'transparent', footerStyle: 'blue' }),
  route('annotate', '/annotate/:uid'),
  route('topicList', '/topicList/:cid/:title'),
  route('Login', '/Login'),
  route('Profil', '/Profil'),
  route('CategoryIndex', '/CategoryIndex'),
  route('Article', '/Article/:fileName'),
  route('ReadNews', '/ReadNews'),
  route('ReadNewsList', '/ReadNewsList'),
  route('ShortStoryList', '/ShortStoryList'),
  route('NewsArticle', '/NewsArticle/:fileName'),
  route('ShortStoryArticle', '/ShortStoryArticle/:fileName'),
  route('BuyVip', '/BuyVip'),
  route('VipDetails', '/VipDetails'),
  route('Admin', '/Admin'),
  route('VipFinish', '/VipFinish'),
  route('AboutUs', '/AboutUs'),
  route('ContextualDict', '/ContextualDict', dictionary),
  route('ContextualDictForZhenti', '/ContextualDictForZhenti', dictionary),
  route('ContextualDictAPI', '/ContextualDictAPI', dictionary),
  route('ContextualDictHistory', '/ContextualDictHistory', { ...dictionary, ...noFooter }),
  route('Share', '/Share'),
  route('chatSentence', '/chatSentence'),
  route('Grammar', '/Grammar'),
  route('Words', '/Words', noFooter),
  route('WordsForContextualDict', '/WordsForContextualDict', { ...dictionary, ...noFooter }),
  route('WordsForCourse', '/WordsForCourse', noFooter),
  route('Sentences', '/Sentences', noFooter),
  route('SentencesForContextualDict', '/SentencesForContextualDict', { ...dictionary, ...noFooter }),
  route('SentencesForCourse', '/SentencesForCourse', noFooter),
  route('SentencesForChat', '/SentencesForChat', noFooter),
  // The learner's review of their cards (issue 33): Yujing's own, beside the spec's routes.
  route('review', '/review', noFooter),
  route('reviewStats', '/review/stats', noFooter),
  // A product's index page. Any single plain-name segment that is not a fixed route; see
  // isProductName for what it refuses.
  route('index', '/:product', { constraints: { product: (v) => isProductName(v) } }),
  route('zhenti', '/zhenti', { redirect: '/aiBook/paper' }),
  route('frequentWords', '/frequentWords/:subcategory/:wordType/:page/:pageSize'),
  route('listeningList', '/listeningList'),
  route('readingList', '/readingList'),
  route('readingChapter', '/readingChapter/:title'),
  route('readingArticle', '/readingArticle/:fileName'),
  route('UseForFree', '/UseForFree'),
  route('UseForFreeDict', '/UseForFreeDict'),
  route('UseForFreeSent', '/UseForFreeSent'),
  route('charge', '/charge'),
  route('pdf', '/pdf'),
  route('writer', '/writer', bare),
  route('ExpertInstruction', '/ExpertInstruction', bare),
  route('aiBookCategory', '/aiBook/:category', { guard: (p) => isCourseBookCategory(p.category) }),
  route('aiBookDetail', '/aiBook/:type/detail', bare),
  route('aiBookWordClass', '/aiBook/word/class', bare),
  route('aiBookSentenceClass', '/aiBook/sentence/class', bare),
  route('aiBookReadingClass', '/aiBook/reading/class', bare),
  route('aiBookReadingQuestionClass', '/aiBook/reading-question/class', bare),
  route('uploadBook', '/uploadBook'),
  // A personal book made on /uploadBook, read by its owner only (never indexed).
  route('myBook', '/myBook/:bookId', { constraints: { bookId: /^[1-9]\d{0,8}$/ } }),
  route('assessment', '/assessment'),
  route('operator', '/operator'),
  route('vip', '/vip'),
  // Where guards send unknown values, and whose layout every unmatched path gets.
  route('notFound', NOT_FOUND_PATH),
] as const;

type AnyRoute = (typeof routes)[number];
export type RouteName = AnyRoute['name'];
export type Route = RouteDef<RouteName>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<N extends RouteName> = Record<ParamNames<Extract<AnyRoute, { name: N }>['pattern']>, string>;

export const routeByName: Readonly<Record<RouteName, Route>> = Object.freeze(
  Object.fromEntries(routes.map((r) => [r.name, r])) as Record<RouteName, Route>,
);
const notFoundRoute: Route = routeByName.notFound;

// Paths owned by route handlers rather than pages (app/api, app/healthz, app/sandbox).
const systemSegments = ['api', 'healthz', 'sandbox'];
// Compared case-insensitively so '/login' or '/words' is not-found rather than a product page
// that looks like a fixed one; a route's first word ('/aiBook', '/Article') is never a product.
const takenFirstSegments: ReadonlySet<string> = new Set(
  [...systemSegments, ...routes.map((r) => r.pattern.split('/')[1])]
    .filter((s) => s && !s.startsWith(':'))
    .map((s) => s.toLowerCase()),
);

/** A product name: an ASCII identifier (no dots, so '/favicon.ico' is not one) not taken by a route. */
export function isProductName(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(value) && !takenFirstSegments.has(value.toLowerCase());
}

type Segment = { fixed: string } | { param: string };
interface Compiled<R extends RouteDef = RouteDef> {
  route: R;
  segments: Segment[];
}

function compile<R extends RouteDef>(r: R): Compiled<R> {
  const parts = r.pattern === '/' ? [] : r.pattern.slice(1).split('/');
  return {
    route: r,
    segments: parts.map((p) => (p.startsWith(':') ? { param: p.slice(1) } : { fixed: p })),
  };
}

function precedence(a: Compiled, b: Compiled): number {
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const aFixed = 'fixed' in a.segments[i];
    const bFixed = 'fixed' in b.segments[i];
    if (aFixed !== bFixed) return aFixed ? -1 : 1;
  }
  return 0; // Array.prototype.sort is stable: table order decides.
}

type Structural<R extends RouteDef> = { route: R; params: Record<string, string> } | null;

/** A table's patterns by segment count, each list in precedence order. */
function compileTable<R extends RouteDef>(table: readonly R[]): Map<number, Compiled<R>[]> {
  const bySegmentCount = new Map<number, Compiled<R>[]>();
  for (const c of table.map(compile)) {
    const list = bySegmentCount.get(c.segments.length) ?? [];
    list.push(c);
    bySegmentCount.set(c.segments.length, list);
  }
  for (const list of bySegmentCount.values()) list.sort(precedence);
  return bySegmentCount;
}

function passes(check: RegExp | ((value: string) => boolean), value: string): boolean {
  return typeof check === 'function' ? check(value) : check.test(value);
}

/**
 * A matcher over a table, before guards: the first route in precedence order whose fixed
 * segments and param constraints fit. Exported so the precedence rule can be tested on its own.
 */
export function createRouteMatcher<R extends RouteDef>(table: readonly R[]): (pathname: string) => Structural<R> {
  return matcherOver(compileTable(table));
}

function matcherOver<R extends RouteDef>(bySegmentCount: Map<number, Compiled<R>[]>): (pathname: string) => Structural<R> {
  return (pathname) => {
    const segments = splitPath(pathname);
    if (!segments) return null;
    for (const c of bySegmentCount.get(segments.length) ?? []) {
      const params: Record<string, string> = {};
      const fits = c.segments.every((seg, i) => {
        if ('fixed' in seg) return seg.fixed === segments[i];
        const check = c.route.constraints?.[seg.param];
        if (check && !passes(check, segments[i])) return false;
        params[seg.param] = segments[i];
        return true;
      });
      if (fits) return { route: c.route, params };
    }
    return null;
  };
}

const compiledRoutes = compileTable<Route>(routes);
const findStructural = matcherOver(compiledRoutes);

export interface RouteMatch {
  route: Route;
  params: RouteParams;
}

/**
 * The route a pathname (no query, no hash) shows, with its decoded params; null for anything
 * that is not a page, including a guarded route given an unknown value. Never throws.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const found = findStructural(pathname);
  if (!found || (found.route.guard && !found.route.guard(found.params))) return null;
  return { route: found.route, params: Object.freeze(found.params) };
}

export type Resolution =
  | { kind: 'page'; route: Route; params: RouteParams }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

/**
 * What to do with a request path: render a page, forward (`/zhenti`, or a guard's unknown value
 * to /NotFound), or render the not-found page in place (any other unknown path).
 */
export function resolvePath(pathname: string): Resolution {
  const found = findStructural(pathname);
  if (!found) return { kind: 'notFound' };
  if (found.route.guard && !found.route.guard(found.params)) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (found.route.redirect) return { kind: 'redirect', to: found.route.redirect };
  return { kind: 'page', route: found.route, params: Object.freeze(found.params) };
}

function overlaps(a: Compiled, b: Compiled): boolean {
  return a.segments.every((seg, i) => {
    const other = b.segments[i];
    return 'param' in seg || 'param' in other || seg.fixed === other.fixed;
  });
}

/**
 * A route's pattern as the browser can hold a path against it without this table
 * (./path-match): a path fits it exactly when `matchRoute` gives this route. Only for routes whose
 * matching needs nothing else: no guard, no constraint but a regular expression, and no route of
 * higher precedence that could take some of its paths; throws otherwise, a programming error
 * the tests meet when this module loads.
 */
export function browserPattern(name: RouteName): SegmentRule[] {
  const r = routeByName[name];
  const list = compiledRoutes.get(compile(r).segments.length) ?? [];
  const index = list.findIndex((c) => c.route === r);
  const own = list[index];
  const shadow = list.slice(0, index).find((c) => overlaps(c, own));
  if (shadow) throw new Error(`browserPattern(${name}): ${shadow.route.name} takes some of its paths first`);
  if (r.guard) throw new Error(`browserPattern(${name}): a guard cannot be held in the browser`);
  return own.segments.map((seg) => {
    if ('fixed' in seg) return seg.fixed;
    const check = r.constraints?.[seg.param];
    if (typeof check === 'function') throw new Error(`browserPattern(${name}): the ${seg.param} rule is a function`);
    return check ? { re: check.source } : null;
  });
}

/** A route's chrome: a redirect's target's, since that is the page a reader sees. */
function chromeOf(r: Route): Chrome {
  const shown = r.redirect ? (matchRoute(r.redirect)?.route ?? notFoundRoute) : r;
  return {
    layout: {
      showHeader: shown.showHeader,
      showFooter: shown.showFooter,
      showMenu: shown.showMenu,
      headerStyle: shown.headerStyle,
      footerStyle: shown.footerStyle,
      appTitle: shown.appTitle,
    },
    home: shown.home ?? PORTAL_PATH,
    menu: shown.menu ?? 'default',
  };
}

/** The chrome of a pathname: its route's, and the not-found page's when unknown. */
export function chromeFor(pathname: string): Chrome {
  return chromeOf(matchRoute(pathname)?.route ?? notFoundRoute);
}

const notFoundChrome = chromeOf(notFoundRoute);

/**
 * The table as the shell's client parts need it (./chrome's `chromeAt`): the not-found page's
 * chrome, and every other chrome a route shows with the browser patterns of those routes. Built
 * when the module loads, so that a route the browser could not follow fails every test rather
 * than one page.
 */
export const routeChrome: ChromeMap = (() => {
  const groups = new Map<string, { chrome: Chrome; patterns: SegmentRule[][] }>();
  const fallbackKey = JSON.stringify(notFoundChrome);
  for (const r of routes) {
    const chrome = chromeOf(r);
    const key = JSON.stringify(chrome);
    if (key === fallbackKey) continue;
    const group = groups.get(key) ?? { chrome, patterns: [] };
    group.patterns.push(browserPattern(r.name));
    groups.set(key, group);
  }
  return { fallback: notFoundChrome, rules: [...groups.values()] };
})();

/** A route's path with its params filled in and encoded; empty params are a programming error. */
export function pathFor<N extends RouteName>(
  name: N,
  ...[params]: [ParamNames<Extract<AnyRoute, { name: N }>['pattern']>] extends [never]
    ? [params?: Record<string, never>]
    : [params: PathParams<N>]
): string {
  const values = (params ?? {}) as Record<string, string>;
  return routeByName[name].pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (!value) throw new Error(`pathFor(${name}): missing param ${key}`);
    return encodeURIComponent(value);
  });
}
