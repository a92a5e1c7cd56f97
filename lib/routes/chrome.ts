import { fitsPattern, type SegmentRule, splitPath } from './path-match';

/** 'solid': white bar with a bottom border. 'transparent': no background, over a hero (portal). */
export type HeaderStyle = 'solid' | 'transparent';
export type FooterStyle = 'black' | 'blue';

/** Which menu set a route shows; `menus` in ./menus holds one per key. */
export type MenuKey = 'default';

export interface LayoutFlags {
  showHeader: boolean;
  showFooter: boolean;
  /** Never true without the header: the menu lives in it. */
  showMenu: boolean;
  headerStyle: HeaderStyle;
  footerStyle: FooterStyle;
  /** The title beside the logo. */
  appTitle: string;
}

/** What the shell draws around a page: its layout flags, where the logo goes, which menu it shows. */
export interface Chrome {
  readonly layout: LayoutFlags;
  readonly home: string;
  readonly menu: MenuKey;
}

/**
 * The route table reduced to what the shell needs in the browser (built on the server as
 * `routeChrome` in ./route-table): the chrome of unknown paths, and each other chrome with the
 * patterns of the routes that show it. No two patterns overlap, so the order does not matter.
 */
export interface ChromeMap {
  readonly fallback: Chrome;
  readonly rules: readonly { readonly chrome: Chrome; readonly patterns: readonly (readonly SegmentRule[])[] }[];
}

const hidden = { showHeader: false, showFooter: false, showMenu: false } as const;

/**
 * The chrome of a pathname, as the route table gives it (`chromeFor`). Inside a host app the host
 * draws its own chrome: no header, footer or menu.
 */
export function chromeAt(map: ChromeMap, pathname: string, options: { embedded?: boolean } = {}): Chrome {
  const segments = splitPath(pathname);
  const chrome =
    (segments && map.rules.find((rule) => rule.patterns.some((pattern) => fitsPattern(pattern, segments)))?.chrome) ||
    map.fallback;
  return options.embedded ? { ...chrome, layout: { ...chrome.layout, ...hidden } } : chrome;
}
