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

/**
 * Why a visitor was sent to /Login (`/Login?reason=…`), in the words the login screen shows. An
 * unknown reason shows nothing: the parameter is the visitor's to edit.
 */
export const loginReasons = {
  quota: '今日免费次数已用完，登录后可继续使用',
} as const;
export type LoginReason = keyof typeof loginReasons;

export const loginPathFor = (reason: LoginReason) => `/Login?reason=${reason}`;

export function loginReasonMessage(reason: unknown): string | null {
  return typeof reason === 'string' && Object.hasOwn(loginReasons, reason) ? loginReasons[reason as LoginReason] : null;
}

/** What a one-shot message says, and whether it is good news. */
export const flashMessages = {
  login_failed: { kind: 'error', message: '登录失败' },
  wechat_bound: { kind: 'success', message: '微信绑定成功' },
  wechat_bind_failed: { kind: 'error', message: '微信绑定失败，请重试' },
  wechat_taken: { kind: 'error', message: '该微信已是另一个账号的登录方式，无法绑定到当前账号' },
  wechat_already_bound: { kind: 'error', message: '当前账号已绑定其他微信' },
} as const satisfies Record<string, { kind: 'error' | 'success'; message: string }>;
export type FlashKey = keyof typeof flashMessages;

// Any fixed origin does: a return path is resolved against it and must stay on it.
const HOME_BASE = 'http://site.invalid';

/**
 * A same-site path to send a user back to, normalised: '/x?y' yes; anything that resolves to
 * another origin ('//evil', '/.//evil', '/%2e//evil', '/\\evil', 'javascript:…'), that holds a
 * backslash or a control character (which URL parsers drop or turn into '/'), or that is /Login
 * itself answers '/'. The result is checked once more as it will be used: resolved again
 * against the site, it must not leave it.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return '/';
  let resolved: URL;
  try {
    resolved = new URL(value, HOME_BASE);
  } catch {
    return '/';
  }
  if (resolved.origin !== HOME_BASE) return '/';
  const path = resolved.pathname + resolved.search + resolved.hash;
  // '/.//evil' normalises to '//evil', which a browser would read as another host.
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  if (new URL(path, HOME_BASE).origin !== HOME_BASE) return '/';
  if (resolved.pathname === '/Login' || resolved.pathname.startsWith('/Login/')) return '/';
  return path;
}
