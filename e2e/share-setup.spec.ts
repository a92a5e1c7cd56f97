import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';

/**
 * The WeChat share setup in WeChat's browser (spec sections 6 and 7), against the real servers:
 * the upstream has no official account configured, so it signs with its sandbox ticket. WeChat's
 * JS-SDK is the one thing from outside: the page asks for it at WeChat's address and this test
 * answers with a stand-in that records what the page configured and shared.
 */

const WECHAT_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const SANDBOX_TICKET = 'sandbox-jsapi-ticket';
/** The site's own title (app/layout.tsx), which the home page keeps. */
const SITE_TITLE = '语境 · 在语境中读懂英语';
const wechatAndroid =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) ' +
  'WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

interface Recorded {
  configs: { appId: string; timestamp: string | number; nonceStr: string; signature: string; jsApiList: string[] }[];
  shares: { api: string; title: string; desc?: string; link: string; imgUrl: string }[];
}

/** The stand-in for jweixin: ready right after each wx.config, recording configs and shares. */
const fakeSdk = `(() => {
  const record = (window.__wxRecord = { configs: [], shares: [] });
  let ready = false;
  const waiting = [];
  window.wx = {
    config(options) {
      record.configs.push(options);
      Promise.resolve().then(() => { ready = true; waiting.splice(0).forEach((f) => f()); });
    },
    ready(f) { if (ready) f(); else waiting.push(f); },
    error() {},
    updateAppMessageShareData(data) { record.shares.push({ api: 'app', ...data }); },
    updateTimelineShareData(data) { record.shares.push({ api: 'timeline', ...data }); },
  };
})();`;

/** Serves the stand-in SDK; answers how many times the page asked for it. */
async function serveFakeSdk(page: Page): Promise<() => number> {
  let asked = 0;
  await page.route(WECHAT_SDK_URL, (route) => {
    asked++;
    return route.fulfill({ contentType: 'application/javascript; charset=utf-8', body: fakeSdk });
  });
  return () => asked;
}

/** The get_share_parameters answers the page received, in order. */
function recordSignatures(page: Page) {
  const answers: { data: { appId: string; timestamp: string | number; nonceStr: string; signature: string } }[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/api/get_share_parameters') answers.push(await response.json());
  });
  return answers;
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __wxRecord?: Recorded }).__wxRecord ?? null);
const jsapiSignature = (nonceStr: string, timestamp: string | number, url: string) =>
  createHash('sha1')
    .update(`jsapi_ticket=${SANDBOX_TICKET}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`)
    .digest('hex');

test.describe('inside WeChat', () => {
  test.use({ userAgent: wechatAndroid, viewport: widths.phone });

  test('navigating twice quickly signs once, for the final URL, and shares it with the user’s account', async ({
    page,
    learner,
    sentBodies,
    footer,
  }) => {
    const sdkAsked = await serveFakeSdk(page);
    const signatures = recordSignatures(page);
    // The page's clock stands still: the test says when the 500 ms have passed.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);

    await page.goto('/VipDetails');
    await expect(page).toHaveURL(/\/VipDetails\?share_account=\d+$/);
    const account = new URL(page.url()).searchParams.get('share_account')!;
    // Two client navigations in quick succession: the footer's 关于我们, then the logo.
    await footer.aboutLink().click();
    await expect(page).toHaveURL(new RegExp(`/AboutUs\\?share_account=${account}$`));
    await page.getByTestId('logo').click();
    await expect(page).toHaveURL(new RegExp(`/\\?share_account=${account}$`));
    const finalUrl = page.url();
    // The home page's title streams in after its URL: the setup reads the page once it has settled.
    await expect(page).toHaveTitle(SITE_TITLE);
    expect(await sentBodies('/api/get_share_parameters')).toEqual([]);

    await page.clock.runFor(600);
    await expect.poll(async () => (await recorded(page))?.configs.length ?? 0).toBe(1);
    // One signature, asked for the final URL, url-encoded; no password is sent.
    expect(await sentBodies('/api/get_share_parameters')).toEqual([{ url: encodeURIComponent(finalUrl) }]);
    expect(sdkAsked()).toBe(1);

    const { configs, shares } = (await recorded(page))!;
    await expect.poll(() => signatures.length).toBe(1);
    const answered = signatures[0].data;
    expect(configs[0]).toEqual({
      debug: false,
      appId: answered.appId,
      timestamp: answered.timestamp,
      nonceStr: answered.nonceStr,
      signature: answered.signature,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    // The sandbox signed exactly the page the browser is on.
    expect(answered.appId).toBe('wx-sandbox');
    expect(answered.signature).toBe(jsapiSignature(answered.nonceStr, answered.timestamp, finalUrl));

    const origin = new URL(finalUrl).origin;
    expect(shares.map((s) => s.api)).toEqual(['app', 'timeline']);
    for (const share of shares) {
      expect(new URL(share.link).searchParams.get('share_account')).toBe(account);
      expect(new URL(share.link).origin).toBe(origin);
      expect(share.title).toBe(await page.title());
      expect(share.imgUrl).toBe(`${origin}/icon-512.png`);
    }
    expect(shares[0].desc).toBeTruthy();

    // Nothing more happens while the page stays put; the next page is signed again.
    await page.clock.runFor(2000);
    expect(await sentBodies('/api/get_share_parameters')).toHaveLength(1);
    await footer.aboutLink().click();
    await expect(page).toHaveURL(new RegExp(`/AboutUs\\?share_account=${account}$`));
    await page.clock.runFor(600);
    await expect.poll(async () => (await recorded(page))?.configs.length ?? 0).toBe(2);
    expect((await sentBodies('/api/get_share_parameters'))[1]).toEqual({ url: encodeURIComponent(page.url()) });
    expect(sdkAsked()).toBe(1);
  });

  test('the share page itself shares the home page with the user’s account', async ({ page, learner, sentBodies }) => {
    await serveFakeSdk(page);
    await page.goto('/Share');
    await expect(page).toHaveURL(/\/Share\?share_account=\d+$/);
    const account = new URL(page.url()).searchParams.get('share_account')!;
    await expect.poll(async () => (await recorded(page))?.shares.length ?? 0).toBe(2);
    // Signed for the page the browser is on; shared as the home page.
    expect(await sentBodies('/api/get_share_parameters')).toEqual([{ url: encodeURIComponent(page.url()) }]);
    const home = `${new URL(page.url()).origin}/?share_account=${account}`;
    for (const share of (await recorded(page))!.shares) {
      expect(share.link).toBe(home);
      expect(share.title).toBe(SITE_TITLE);
    }
    await expect(page.getByTestId('share-link')).toHaveText(home);
  });

  test('a visitor’s share is the page as it is, with the account it arrived by', async ({ page, sentBodies }) => {
    await serveFakeSdk(page);
    await page.goto('/AboutUs?share_account=20250001#team');
    await expect.poll(async () => (await recorded(page))?.shares.length ?? 0).toBe(2);
    const url = `${new URL(page.url()).origin}/AboutUs?share_account=20250001`;
    expect(await sentBodies('/api/get_share_parameters')).toEqual([{ url: encodeURIComponent(url) }]);
    for (const share of (await recorded(page))!.shares) expect(share.link).toBe(url);
  });
});

test('outside WeChat nothing is signed and the SDK is never loaded', async ({ page, learner, sentBodies }) => {
  const sdkAsked = await serveFakeSdk(page);
  await page.goto('/VipDetails');
  await expect(page).toHaveURL(/share_account=\d+$/);
  await page.getByTestId('logo').click();
  await expect(page).toHaveURL(/\/\?share_account=\d+$/);
  // Longer than the debounce: had a setup been scheduled, it would have asked by now.
  await page.waitForTimeout(1500);
  expect(await sentBodies('/api/get_share_parameters')).toEqual([]);
  expect(sdkAsked()).toBe(0);
  expect(await recorded(page)).toBeNull();
});
