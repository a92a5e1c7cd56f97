import { RETURN_COOKIE, safeReturnPath } from '@/lib/routes/navigation';

/**
 * The route to return to after logging in (spec section 4). Pages that send a user to log in
 * remember where they were; the login screen and the WeChat callback read it back.
 */

export function rememberRoute(path = window.location.pathname + window.location.search): void {
  document.cookie = `${RETURN_COOKIE}=${encodeURIComponent(path)}; path=/; max-age=600; samesite=lax`;
}

export function takeRememberedRoute(): string {
  const raw = readCookie(RETURN_COOKIE);
  document.cookie = `${RETURN_COOKIE}=; path=/; max-age=0; samesite=lax`;
  return safeReturnPath(raw);
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
