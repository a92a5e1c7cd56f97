/**
 * Where the browser sends a user from code outside React (the quota flows of ./quota.ts), and
 * the pages those flows lead to. Kept apart from quota.ts so that the shell can register its
 * router without loading the contract.
 */
export const LOGIN_PATH = '/Login';
export const BUY_VIP_PATH = '/BuyVip';

type Navigate = (href: string) => void;
// A client-side navigation once the shell has registered the router; a full load until then.
let navigate: Navigate = (href) => window.location.assign(href);

/** The shell registers its router here, so redirects do not reload the page. */
export function setClientNavigator(next: Navigate): () => void {
  const previous = navigate;
  navigate = next;
  return () => {
    if (navigate === next) navigate = previous;
  };
}

export function navigateTo(href: string): void {
  noteNavigationStart(href);
  navigate(href);
}

/**
 * The address an in-app navigation is going to, until it gets there. The App Router changes the
 * address only once the new page is ready; whatever rewrites the address meanwhile
 * (history.replaceState: components/shell/share-account-sync.tsx) would be read by the router as a
 * move, and take the reader back to the page they are leaving.
 */
let underway: { to: string; until: number } | null = null;
/** A navigation that has not arrived by then was given up (an error page, another click). */
const UNDERWAY_MS = 10_000;

/** Notes that the app is moving to `href` (components/ui/link.tsx, navigateTo). */
export function noteNavigationStart(href: string, from?: string, now = Date.now()): void {
  let url: URL;
  try {
    url = new URL(href, from ?? window.location.href);
  } catch {
    return; // no address to wait for (a page without one, as in tests): nothing is held back
  }
  underway = { to: url.pathname + url.search, until: now + UNDERWAY_MS };
}

/**
 * Whether a noted navigation is still on its way: the address (`current`, path and query) is not
 * yet the one it goes to, and it started less than ten seconds ago.
 */
export function navigationUnderway(
  current: string = window.location.pathname + window.location.search,
  now = Date.now(),
): boolean {
  if (!underway) return false;
  if (now > underway.until || current === underway.to) {
    underway = null;
    return false;
  }
  return true;
}
