import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quotaStatus } from '@/lib/contract';
import { loginReasonMessage, RETURN_COOKIE } from '@/lib/routes/navigation';
import { closeOverlays, openOverlay, overlayStore } from './overlays';
import { handleQuotaStatus, isQuotaDialogPayload, quotaActionOf, setQuotaNavigator } from './quota';

const web = { isApp: false, isNarrow: false };
const phone = { isApp: false, isNarrow: true };
const app = { isApp: true, isNarrow: true };

describe('quotaActionOf', () => {
  it.each([
    [quotaStatus.anonymous, web, { kind: 'login' }],
    [quotaStatus.anonymous, phone, { kind: 'login' }],
    [quotaStatus.anonymous, app, { kind: 'notify-app', status: quotaStatus.anonymous }],
    [quotaStatus.loggedIn, web, { kind: 'quota-dialog' }],
    [quotaStatus.loggedIn, phone, { kind: 'buy-vip-page' }],
    [quotaStatus.loggedIn, { isApp: true, isNarrow: false }, { kind: 'notify-app', status: quotaStatus.loggedIn }],
  ])('%s on %o → %o', (status, env, action) => {
    expect(quotaActionOf(status, env)).toEqual(action);
  });

  it('ignores every other status', () => {
    for (const status of ['OK', 'ok', '500', 2, null, undefined, 'anonymous_user_free_num_limit ']) {
      expect(quotaActionOf(status, web)).toBeNull();
    }
  });
});

describe('handleQuotaStatus', () => {
  const visited: string[] = [];
  let cookie = '';
  let restore: () => void;

  beforeEach(() => {
    visited.length = 0;
    cookie = '';
    restore = setQuotaNavigator((href) => visited.push(href));
    vi.stubGlobal('window', { location: { pathname: '/ContextualDict', search: '?x=1' } });
    vi.stubGlobal('document', {
      set cookie(value: string) {
        cookie = value;
      },
    });
    openOverlay('wordTranslation', { query: { pre_context: '', post_context: '', target_word: 'bank' } });
    openOverlay('settings');
  });

  afterEach(() => {
    restore();
    closeOverlays();
    vi.unstubAllGlobals();
  });

  it('anonymous: closes every overlay, remembers the page and goes to /Login, saying why', () => {
    expect(handleQuotaStatus(quotaStatus.anonymous, web)).toBe(true);
    expect(overlayStore.snapshot()).toEqual({});
    expect(visited).toEqual(['/Login?reason=quota']);
    expect(loginReasonMessage(new URL(visited[0], 'http://x').searchParams.get('reason'))).toBe(
      '今日免费次数已用完，登录后可继续使用',
    );
    expect(cookie).toContain(`${RETURN_COOKIE}=${encodeURIComponent('/ContextualDict?x=1')}`);
  });

  it('logged in on desktop: closes the word panel and opens the centre dialog, no navigation', () => {
    expect(handleQuotaStatus(quotaStatus.loggedIn, web)).toBe(true);
    const open = overlayStore.snapshot();
    expect(Object.keys(open)).toEqual(['centerDialog']);
    expect(isQuotaDialogPayload(open.centerDialog?.payload)).toBe(true);
    expect(visited).toEqual([]);
  });

  it('logged in on a phone: goes to /BuyVip', () => {
    expect(handleQuotaStatus(quotaStatus.loggedIn, phone)).toBe(true);
    expect(visited).toEqual(['/BuyVip']);
    expect(overlayStore.snapshot()).toEqual({});
  });

  it('in the native app: tells the app through its bridge and does nothing else', () => {
    const posted: string[] = [];
    vi.stubGlobal('window', { YujingApp: { postMessage: (m: string) => posted.push(m) }, location: window.location });
    expect(handleQuotaStatus(quotaStatus.loggedIn, app)).toBe(true);
    expect(posted.map((m) => JSON.parse(m))).toEqual([{ type: 'quota_exhausted', status: quotaStatus.loggedIn }]);
    expect(visited).toEqual([]);
    expect(Object.keys(overlayStore.snapshot()).sort()).toEqual(['settings', 'wordTranslation']);
  });

  it('in the native app without a bridge: falls back to the web behaviour', () => {
    expect(handleQuotaStatus(quotaStatus.anonymous, app)).toBe(true);
    expect(visited).toEqual(['/Login?reason=quota']);
  });

  it('leaves other statuses alone', () => {
    expect(handleQuotaStatus('500', web)).toBe(false);
    expect(visited).toEqual([]);
    expect(Object.keys(overlayStore.snapshot()).sort()).toEqual(['settings', 'wordTranslation']);
  });
});
