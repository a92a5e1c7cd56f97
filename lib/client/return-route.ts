import { RETURN_COOKIE, safeReturnPath } from '@/lib/routes/navigation';

/**
 * The route to return to after logging in (spec section 4), kept in the RETURN_COOKIE that
 * whoever sends a user to /Login writes; the login screen reads it back once.
 */
/** Remembers this page as the one to come back to after logging in (not the portal home). */
export function rememberReturnRoute() {
  const here = safeReturnPath(window.location.pathname + window.location.search);
  if (here === '/') return;
  document.cookie = `${RETURN_COOKIE}=${encodeURIComponent(here)}; path=/; max-age=600; samesite=lax`;
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
