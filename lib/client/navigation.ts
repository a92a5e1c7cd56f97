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
  navigate(href);
}
