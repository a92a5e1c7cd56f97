import { quotaStatus } from '@/lib/contract';
import { RETURN_COOKIE, safeReturnPath } from '@/lib/routes/navigation';
import { clientModeOf, notifyApp } from './client-mode';
import { closeOverlays, openOverlay } from './overlays';

/**
 * Free-quota exhaustion (spec section 4). The metered calls (word query, sentence analysis)
 * answer HTTP 200 with a quota status instead of 'OK'; whoever reads such an answer hands the
 * status to handleQuotaStatus.
 *
 * - anonymous_user_free_num_limit: every dialog closes and the visitor goes to /Login (to come
 *   back here afterwards); in the native app the app is told instead.
 * - login_user_free_num_limit: the quota prompt — /BuyVip on a narrow screen (below 768 px), the
 *   centre dialog on a wide one; in the native app the app is told instead.
 */

export type QuotaAction =
  | { kind: 'notify-app'; status: string }
  | { kind: 'login' }
  | { kind: 'buy-vip-page' }
  | { kind: 'quota-dialog' };

export interface QuotaEnvironment {
  isApp: boolean;
  /** Narrower than 768 px (spec section 9). */
  isNarrow: boolean;
}

/** What a status calls for, or null when it is not a quota status. */
export function quotaActionOf(status: unknown, env: QuotaEnvironment): QuotaAction | null {
  if (status !== quotaStatus.anonymous && status !== quotaStatus.loggedIn) return null;
  if (env.isApp) return { kind: 'notify-app', status };
  if (status === quotaStatus.anonymous) return { kind: 'login' };
  return env.isNarrow ? { kind: 'buy-vip-page' } : { kind: 'quota-dialog' };
}

/** The centre dialog's payload for the quota prompt; the OverlayHost shows it. */
export const QUOTA_DIALOG = { kind: 'quota' } as const;
export const isQuotaDialogPayload = (payload: unknown) =>
  !!payload && typeof payload === 'object' && (payload as { kind?: unknown }).kind === QUOTA_DIALOG.kind;

export const LOGIN_PATH = '/Login';
export const BUY_VIP_PATH = '/BuyVip';

type Navigate = (href: string) => void;
// A client-side navigation once the shell has registered the router; a full load until then.
let navigate: Navigate = (href) => window.location.assign(href);

/** The shell registers its router here, so quota redirects do not reload the page. */
export function setQuotaNavigator(next: Navigate): () => void {
  const previous = navigate;
  navigate = next;
  return () => {
    if (navigate === next) navigate = previous;
  };
}

function currentEnvironment(): QuotaEnvironment {
  return {
    isApp: clientModeOf(navigator.userAgent).isApp,
    isNarrow: !window.matchMedia('(min-width: 768px)').matches,
  };
}

/**
 * Acts on a call's status when it is a quota status and answers whether it did. In the native
 * app without a bridge to tell, the web behaviour applies, so the user is never left stuck.
 */
export function handleQuotaStatus(status: unknown, env: QuotaEnvironment = currentEnvironment()): boolean {
  let action = quotaActionOf(status, env);
  if (!action) return false;
  if (action.kind === 'notify-app') {
    if (notifyApp({ type: 'quota_exhausted', status: action.status })) return true;
    action = quotaActionOf(status, { ...env, isApp: false })!;
  }
  switch (action.kind) {
    case 'login':
      closeOverlays();
      rememberReturnRoute();
      navigate(LOGIN_PATH);
      break;
    case 'buy-vip-page':
      closeOverlays();
      navigate(BUY_VIP_PATH);
      break;
    case 'quota-dialog':
      closeOverlays();
      openOverlay('centerDialog', QUOTA_DIALOG);
      break;
  }
  return true;
}

// The login screen sends the user back to the page they were on (lib/client/return-route.ts).
function rememberReturnRoute() {
  const here = safeReturnPath(window.location.pathname + window.location.search);
  if (here === '/') return;
  document.cookie = `${RETURN_COOKIE}=${encodeURIComponent(here)}; path=/; max-age=600; samesite=lax`;
}
