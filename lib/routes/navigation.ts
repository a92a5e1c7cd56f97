/**
 * Cookies and rules that the server (BFF, proxy) and the pages share about where a user goes.
 */

/** The route to return to after logging in; written by whoever sends a user to log in. */
export const RETURN_COOKIE = 'yj_back';
/** A one-shot message for the next page, read and deleted by the toaster. */
export const FLASH_COOKIE = 'yj_flash';
/** The account of whoever shared the link a visitor arrived by (spec section 6). */
export const REFERRER_COOKIE = 'yj_ref';
/** The query parameter that carries a logged-in user's own account on every page. */
export const SHARE_PARAM = 'share_account';

export const flashMessages = {
  login_failed: '登录失败',
} as const;
export type FlashKey = keyof typeof flashMessages;

/**
 * A same-site path to send a user back to: '/x?y' yes; '//evil', '/\\evil', 'http:…', control
 * characters and /Login itself no (they return home).
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  const path = value.split(/[?#]/, 1)[0];
  if (path === '/Login' || path.startsWith('/Login/')) return '/';
  return value;
}
