import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createShareSetup,
  isIosUserAgent,
  isOutdated,
  type SharePage,
  type ShareSignature,
  sharePageOf,
  type ShareSetupDeps,
  signingUrlParam,
  type WechatSdk,
} from './share-setup';

/** A JS-SDK double that records what the page did and lets the test say when WeChat is ready. */
function fakeSdk() {
  const configs: Parameters<WechatSdk['config']>[0][] = [];
  const shared: { api: string; data: unknown }[] = [];
  const readyCallbacks: (() => void)[] = [];
  const errorCallbacks: ((answer: unknown) => void)[] = [];
  const wx: WechatSdk = {
    config: (options) => configs.push(options),
    ready: (callback) => readyCallbacks.push(callback),
    error: (callback) => errorCallbacks.push(callback),
    updateAppMessageShareData: (data) => shared.push({ api: 'app', data }),
    updateTimelineShareData: (data) => shared.push({ api: 'timeline', data }),
  };
  return {
    wx,
    configs,
    shared,
    errorCallbacks,
    fireReady: () => {
      for (const callback of readyCallbacks.splice(0)) callback();
    },
  };
}

const signatureFor = (url: string): ShareSignature => ({
  appId: 'wx-sandbox',
  timestamp: '1700000000',
  nonceStr: 'n0nce',
  signature: `sig:${url}`,
});

const page = (url: string): SharePage => ({
  signUrl: url,
  content: { title: `title of ${url}`, desc: 'desc', link: `${url}?share_account=123`, imgUrl: 'https://x/icon.png' },
});

describe('createShareSetup', () => {
  let sdk: ReturnType<typeof fakeSdk>;
  let signed: string[];
  let logged: unknown[];
  let deps: ShareSetupDeps;

  beforeEach(() => {
    vi.useFakeTimers();
    sdk = fakeSdk();
    signed = [];
    logged = [];
    deps = {
      sign: async (url) => {
        signed.push(url);
        return signatureFor(url);
      },
      loadSdk: async () => sdk.wx,
      log: (error) => logged.push(error),
    };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 500 ms, then signs the url-encoded page URL and configures WeChat with that signature', async () => {
    const setup = createShareSetup(deps);
    const done = setup.schedule(() => page('https://yujing.example.com/Article/a?share_account=123#top'));
    await vi.advanceTimersByTimeAsync(499);
    expect(signed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(signed).toEqual([encodeURIComponent('https://yujing.example.com/Article/a?share_account=123')]);
    expect(sdk.configs).toEqual([
      {
        debug: false,
        appId: 'wx-sandbox',
        timestamp: '1700000000',
        nonceStr: 'n0nce',
        signature: `sig:${encodeURIComponent('https://yujing.example.com/Article/a?share_account=123')}`,
        jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
      },
    ]);
    // Nothing is shared before WeChat has accepted the configuration.
    expect(sdk.shared).toEqual([]);
    sdk.fireReady();
    const content = page('https://yujing.example.com/Article/a?share_account=123#top').content;
    expect(sdk.shared).toEqual([
      { api: 'app', data: content },
      { api: 'timeline', data: { title: content.title, link: content.link, imgUrl: content.imgUrl } },
    ]);
  });

  it('a burst of navigations signs once, for the last page; the earlier attempts reject as outdated', async () => {
    const setup = createShareSetup(deps);
    const first = setup.schedule(() => page('https://s.example/a'));
    const firstResult = first.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(300);
    const second = setup.schedule(() => page('https://s.example/b'));
    const secondResult = second.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(300);
    const third = setup.schedule(() => page('https://s.example/c'));
    // The debounce restarts with each navigation: 300 ms after the last one nothing has happened.
    await vi.advanceTimersByTimeAsync(300);
    expect(signed).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    await third;

    for (const result of [await firstResult, await secondResult]) {
      expect(result).toBeInstanceOf(Error);
      expect((result as Error).message).toBe('outdated');
    }
    expect(signed).toEqual([encodeURIComponent('https://s.example/c')]);
    expect(sdk.configs.map((c) => c.signature)).toEqual([`sig:${encodeURIComponent('https://s.example/c')}`]);
  });

  it('an attempt overtaken while its signature is on the way never calls wx.config', async () => {
    const answers: { url: string; resolve: (s: ShareSignature) => void }[] = [];
    const setup = createShareSetup({
      ...deps,
      sign: (url) => new Promise((resolve) => answers.push({ url, resolve })),
    });
    const stale = setup.schedule(() => page('https://s.example/a')).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    expect(answers.map((a) => a.url)).toEqual([encodeURIComponent('https://s.example/a')]);

    const fresh = setup.schedule(() => page('https://s.example/b'));
    await vi.advanceTimersByTimeAsync(500);
    // The newer answer arrives first, the stale one after it.
    answers[1].resolve(signatureFor(answers[1].url));
    await fresh;
    answers[0].resolve(signatureFor(answers[0].url));
    expect(isOutdated(await stale)).toBe(true);

    expect(sdk.configs.map((c) => c.signature)).toEqual([`sig:${encodeURIComponent('https://s.example/b')}`]);
    sdk.fireReady();
    expect(sdk.shared.map((s) => (s.data as { title: string }).title)).toEqual([
      'title of https://s.example/b',
      'title of https://s.example/b',
    ]);
  });

  it('a page configured before a newer navigation does not set its content when WeChat gets ready late', async () => {
    const setup = createShareSetup(deps);
    await Promise.all([setup.schedule(() => page('https://s.example/a')), vi.advanceTimersByTimeAsync(500)]);
    expect(sdk.configs).toHaveLength(1);
    setup.update(() => page('https://s.example/b'));
    sdk.fireReady();
    expect(sdk.shared).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    sdk.fireReady();
    expect(sdk.shared.map((s) => (s.data as { link: string }).link)).toEqual([
      'https://s.example/b?share_account=123',
      'https://s.example/b?share_account=123',
    ]);
  });

  it('update logs a failed signature and drops outdated attempts silently', async () => {
    const refusal = new Error('只能为本站的页面签名');
    const setup = createShareSetup({
      ...deps,
      sign: async () => {
        throw refusal;
      },
    });
    setup.update(() => page('https://s.example/a'));
    setup.update(() => page('https://s.example/b'));
    await vi.advanceTimersByTimeAsync(500);
    expect(logged).toEqual([refusal]);
    expect(sdk.configs).toEqual([]);
  });

  it('logs an SDK that does not load, and a configuration WeChat refuses (one handler for the SDK)', async () => {
    const blocked = new Error('jweixin failed to load');
    let loads = 0;
    const setup = createShareSetup({
      ...deps,
      loadSdk: async () => {
        loads++;
        if (loads === 1) throw blocked;
        return sdk.wx;
      },
    });
    setup.update(() => page('https://s.example/a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(logged).toEqual([blocked]);

    setup.update(() => page('https://s.example/b'));
    await vi.advanceTimersByTimeAsync(500);
    setup.update(() => page('https://s.example/c'));
    await vi.advanceTimersByTimeAsync(500);
    expect(sdk.configs).toHaveLength(2);
    expect(sdk.errorCallbacks).toHaveLength(1);
    sdk.errorCallbacks[0]({ errMsg: 'config:invalid signature' });
    expect(String(logged[1])).toContain('config:invalid signature');
  });

  it('dispose makes what is pending outdated', async () => {
    const setup = createShareSetup(deps);
    const pending = setup.schedule(() => page('https://s.example/a')).catch((error: unknown) => error);
    setup.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(isOutdated(await pending)).toBe(true);
    expect(signed).toEqual([]);
  });
});

describe('signingUrlParam', () => {
  it('drops the fragment and url-encodes the rest', () => {
    expect(signingUrlParam('http://127.0.0.1:3100/Article/x?a=1&share_account=9#s2')).toBe(
      'http%3A%2F%2F127.0.0.1%3A3100%2FArticle%2Fx%3Fa%3D1%26share_account%3D9',
    );
  });
});

describe('sharePageOf', () => {
  const base = {
    title: '会员权益 · 语境',
    description: '语境会员权益',
    site: { title: '语境 · 在语境中读懂英语', description: '点击句子中的任何单词' },
    imagePath: '/icon-512.png',
  };

  it('Android: signs the current URL; the link carries the sharer’s own account, replacing another', () => {
    const shared = sharePageOf({
      ...base,
      href: 'https://yujing.example.com/Article/a?x=1&share_account=777#p3',
      landingHref: 'https://yujing.example.com/?share_account=777',
      isIos: false,
      account: '12345678',
    });
    expect(shared.signUrl).toBe('https://yujing.example.com/Article/a?x=1&share_account=777');
    expect(shared.content).toEqual({
      title: base.title,
      desc: base.description,
      link: 'https://yujing.example.com/Article/a?x=1&share_account=12345678',
      imgUrl: 'https://yujing.example.com/icon-512.png',
    });
  });

  it('iOS: signs the URL the web view was opened at', () => {
    const shared = sharePageOf({
      ...base,
      href: 'https://yujing.example.com/VipDetails?share_account=1',
      landingHref: 'https://yujing.example.com/Article/a#x',
      isIos: true,
      account: '1',
    });
    expect(shared.signUrl).toBe('https://yujing.example.com/Article/a');
    expect(shared.content.link).toBe('https://yujing.example.com/VipDetails?share_account=1');
  });

  it('a visitor shares the page as it is, keeping the account it arrived with', () => {
    const shared = sharePageOf({
      ...base,
      href: 'https://yujing.example.com/?share_account=777',
      landingHref: 'https://yujing.example.com/?share_account=777',
      isIos: false,
      account: null,
    });
    expect(shared.content.link).toBe('https://yujing.example.com/?share_account=777');
  });

  it('a personal page shares the home page with the site’s title, carrying the sharer’s account', () => {
    for (const path of ['/Share', '/Admin', '/VipFinish']) {
      const shared = sharePageOf({
        ...base,
        href: `https://yujing.example.com${path}?order_id=abc&share_account=1#x`,
        landingHref: `https://yujing.example.com${path}`,
        isIos: false,
        account: '1',
      });
      expect(shared.signUrl).toBe(`https://yujing.example.com${path}?order_id=abc&share_account=1`);
      expect(shared.content).toEqual({
        title: base.site.title,
        desc: base.site.description,
        link: 'https://yujing.example.com/?share_account=1',
        imgUrl: 'https://yujing.example.com/icon-512.png',
      });
    }
    const visitor = sharePageOf({
      ...base,
      href: 'https://yujing.example.com/Login?share_account=777',
      landingHref: 'https://yujing.example.com/Login?share_account=777',
      isIos: false,
      account: null,
    });
    expect(visitor.content.link).toBe('https://yujing.example.com/?share_account=777');
  });

  it('tells iOS WeChat from Android WeChat', () => {
    expect(isIosUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.47')).toBe(true);
    expect(isIosUserAgent('Mozilla/5.0 (Linux; Android 13; Pixel 7) Mobile MicroMessenger/8.0.47')).toBe(false);
  });
});
