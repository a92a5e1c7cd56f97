import { APP_USER_AGENT_MARK, USER_AGENT_LIMIT } from '@/lib/contract/client-mode';

/**
 * The inline script of the root layout: marks `<html data-app>` inside the native app before the
 * first paint, so that the site's own chrome (header, footer) never shows there, even on pages
 * rendered once for every reader. globals.css hides `[data-chrome]` under it.
 */
export const APP_MODE_SCRIPT = `if(navigator.userAgent.slice(0,${USER_AGENT_LIMIT}).indexOf(${JSON.stringify(APP_USER_AGENT_MARK)})>=0)document.documentElement.setAttribute('data-app','')`;

/**
 * The other half of the root layout's inline script. Zod compiles its object parsers with
 * `new Function` where the page allows eval, and finds that out by trying once; under the site's
 * Content-Security-Policy, which has no 'unsafe-eval' (scripts/security-headers.cjs), the browser
 * reports that try as a violation although zod catches it. Its `jitless` setting skips the try,
 * and must be set before the first schema is made, which happens as the bundles load: so here,
 * before any of them runs, in the settings object every copy of zod shares on globalThis.
 */
export const ZOD_JITLESS_SCRIPT = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})';

/** Spec section 9: 1, 2, 3 or 4 grid columns at the 768 / 1000 / 1300 px breakpoints. */
export function gridColumns(width: number): 1 | 2 | 3 | 4 {
  if (width < 768) return 1;
  if (width < 1000) return 2;
  if (width < 1300) return 3;
  return 4;
}

/**
 * In the app mode, quota and login events go to the native app instead of navigating. The bridge:
 * `window.YujingApp.postMessage(JSON)` when the app injected it (Android), else
 * `window.webkit.messageHandlers.yujing.postMessage(object)` (iOS WKWebView). Answers whether a
 * bridge took the message.
 */
export type AppEvent = { type: 'login_required' } | { type: 'quota_exhausted'; status: string };

export function notifyApp(event: AppEvent): boolean {
  const w = window as unknown as {
    YujingApp?: { postMessage(message: string): void };
    webkit?: { messageHandlers?: { yujing?: { postMessage(message: unknown): void } } };
  };
  if (w.YujingApp) {
    w.YujingApp.postMessage(JSON.stringify(event));
    return true;
  }
  if (w.webkit?.messageHandlers?.yujing) {
    w.webkit.messageHandlers.yujing.postMessage(event);
    return true;
  }
  return false;
}
