import { quotaStatus } from '@/lib/contract';
import { loginPathFor } from '@/lib/routes/navigation';
import { clientModeOf } from '@/lib/contract/client-mode';
import { notifyApp } from './client-mode';
import { BUY_VIP_PATH, LOGIN_PATH, navigateTo, setClientNavigator } from './navigation';
import { closeOverlays, openOverlay, type CenterDialogPayload } from './overlays';
import { rememberReturnRoute } from './return-route';
import { isNarrowScreen } from './screen';

/**
 * Free-quota exhaustion (spec section 4). The metered calls (word query, sentence analysis)
 * answer HTTP 200 with a quota status instead of 'OK'; callData (lib/client/api.ts) hands every
 * such status to handleQuotaStatus before it raises the error.
 *
 * - anonymous_user_free_num_limit: every dialog closes and the visitor goes to /Login (to come
 *   back here afterwards), which says why (`?reason=quota`); in the native app the app is told
 *   instead.
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

export const isQuotaStatus = (status: unknown): status is string =>
  status === quotaStatus.anonymous || status === quotaStatus.loggedIn;

/** What a status calls for, or null when it is not a quota status. */
export function quotaActionOf(status: unknown, env: QuotaEnvironment): QuotaAction | null {
  if (!isQuotaStatus(status)) return null;
  if (env.isApp) return { kind: 'notify-app', status };
  if (status === quotaStatus.anonymous) return { kind: 'login' };
  return env.isNarrow ? { kind: 'buy-vip-page' } : { kind: 'quota-dialog' };
}

/** The centre dialog's payload for the quota prompt; the OverlayHost shows it. */
export const QUOTA_DIALOG: CenterDialogPayload = { kind: 'quota' };
export const isQuotaDialogPayload = (payload: CenterDialogPayload | undefined) => payload?.kind === QUOTA_DIALOG.kind;

export { BUY_VIP_PATH, LOGIN_PATH };
/** The shell registers its router here, so quota redirects do not reload the page. */
export const setQuotaNavigator = setClientNavigator;

function currentEnvironment(): QuotaEnvironment {
  return {
    isApp: clientModeOf(navigator.userAgent).isApp,
    isNarrow: isNarrowScreen(),
  };
}

/**
 * Acts on a call's status when it is a quota status and answers whether it did. In the native
 * app without a bridge to tell, the web behaviour applies, so the user is never left stuck.
 */
export function handleQuotaStatus(status: unknown, env?: QuotaEnvironment): boolean {
  if (!isQuotaStatus(status)) return false;
  env ??= currentEnvironment();
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
      navigateTo(loginPathFor('quota'));
      break;
    case 'buy-vip-page':
      closeOverlays();
      navigateTo(BUY_VIP_PATH);
      break;
    case 'quota-dialog':
      closeOverlays();
      openOverlay('centerDialog', QUOTA_DIALOG);
      break;
  }
  return true;
}
