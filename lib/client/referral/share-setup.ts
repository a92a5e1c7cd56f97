/**
 * The WeChat share setup of a page (spec sections 6 and 7): inside WeChat's browser, every page
 * asks get_share_parameters to sign its URL, hands the signature to the JS-SDK's `wx.config`,
 * and once WeChat has accepted it sets what a share of the page shows (title, description, the
 * link carrying the sharer's own account, picture).
 *
 * Navigations come in bursts (a client navigation, then share_account put on the URL a moment
 * later), so a setup waits 500 ms for the page to settle, and an attempt overtaken by a newer one
 * rejects as outdated and never configures WeChat: the signature is for one URL only, and a late
 * answer for the previous page must not replace the current page's. Other failures are only
 * logged (spec section 7): sharing is a nicety, and the page works without it.
 *
 * Pure apart from the timers: the signer, the SDK and the log are handed in.
 */
import { SHARE_PARAM } from '@/lib/routes/navigation';

export const SHARE_DEBOUNCE_MS = 500;

/** The JS-SDK calls the page is allowed to make; what wx.config is asked for. */
export const shareApis = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

/** get_share_parameters' data. */
export interface ShareSignature {
  appId: string;
  timestamp: string | number;
  nonceStr: string;
  signature: string;
}

/** What a share of the page shows in a chat or on the timeline. */
export interface ShareContent {
  title: string;
  desc: string;
  /** Must be on the official account's JS-safe domain: a page of this site. */
  link: string;
  imgUrl: string;
}

/** The page a setup is for: the URL WeChat checks the signature against, and what to share. */
export interface SharePage {
  signUrl: string;
  content: ShareContent;
}

/** The part of the JS-SDK's `wx` object that the setup uses. */
export interface WechatSdk {
  config(options: {
    debug?: boolean;
    appId: string;
    timestamp: string | number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (answer: unknown) => void): void;
  updateAppMessageShareData(data: ShareContent): void;
  updateTimelineShareData(data: Omit<ShareContent, 'desc'>): void;
}

export interface ShareSetupDeps {
  /** Asks get_share_parameters; `url` is already url-encoded. */
  sign(url: string): Promise<ShareSignature>;
  /** The JS-SDK, loaded once. */
  loadSdk(): Promise<WechatSdk>;
  /** Where failures go: they are never shown to the reader. */
  log(error: unknown): void;
  debounceMs?: number;
}

export class OutdatedError extends Error {
  constructor() {
    super('outdated');
    this.name = 'OutdatedError';
  }
}

export const isOutdated = (error: unknown): boolean => error instanceof Error && error.message === 'outdated';

/** A URL as get_share_parameters takes it: without its #fragment (WeChat signs without it), url-encoded. */
export function signingUrlParam(url: string): string {
  return encodeURIComponent(url.split('#')[0]);
}

export interface ShareSetup {
  /**
   * Sets the page up after the debounce. `readPage` is read when the wait is over, so that the
   * title and URL are the settled ones. Resolves once wx.config has been called; rejects with
   * Error('outdated') when a newer schedule overtook it, or with what failed.
   */
  schedule(readPage: () => SharePage): Promise<void>;
  /** schedule, with failures logged and outdated attempts dropped silently. */
  update(readPage: () => SharePage): void;
  /** Stops: what is pending or under way becomes outdated. */
  dispose(): void;
}

export function createShareSetup({ sign, loadSdk, log, debounceMs = SHARE_DEBOUNCE_MS }: ShareSetupDeps): ShareSetup {
  let latest = 0;
  let waiting: { timer: ReturnType<typeof setTimeout>; reject: (error: Error) => void } | null = null;
  // wx.error is one handler for the whole SDK, not one per configuration: registered once.
  const errorHandled = new WeakSet<WechatSdk>();

  function overtakeWaiting() {
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting.reject(new OutdatedError());
    waiting = null;
  }

  async function run(attempt: number, readPage: () => SharePage): Promise<void> {
    const stillCurrent = () => attempt === latest;
    let page: SharePage;
    let signature: ShareSignature;
    let wx: WechatSdk;
    try {
      page = readPage();
      [signature, wx] = await Promise.all([sign(signingUrlParam(page.signUrl)), loadSdk()]);
    } catch (error) {
      throw stillCurrent() ? error : new OutdatedError();
    }
    if (!stillCurrent()) throw new OutdatedError();
    if (!errorHandled.has(wx)) {
      errorHandled.add(wx);
      wx.error((answer) => log(new Error(`wx.config refused: ${JSON.stringify(answer)}`)));
    }
    wx.config({
      debug: false,
      appId: signature.appId,
      timestamp: signature.timestamp,
      nonceStr: signature.nonceStr,
      signature: signature.signature,
      jsApiList: [...shareApis],
    });
    const { content } = page;
    wx.ready(() => {
      // A newer page has been scheduled since: it sets its own content.
      if (!stillCurrent()) return;
      wx.updateAppMessageShareData(content);
      wx.updateTimelineShareData({ title: content.title, link: content.link, imgUrl: content.imgUrl });
    });
  }

  function schedule(readPage: () => SharePage): Promise<void> {
    overtakeWaiting();
    const attempt = ++latest;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting = null;
        run(attempt, readPage).then(resolve, reject);
      }, debounceMs);
      waiting = { timer, reject };
    });
  }

  return {
    schedule,
    update(readPage) {
      schedule(readPage).catch((error: unknown) => {
        if (!isOutdated(error)) log(error);
      });
    },
    dispose() {
      latest++;
      overtakeWaiting();
    },
  };
}

/**
 * Pages about the reader themself (their centre, profile, history, share page, a payment's
 * result, the login): a friend opening one would find nothing of the sharer's there, so sharing
 * one shares the site's home page.
 */
export const personalPagePaths: ReadonlySet<string> = new Set([
  '/Share',
  '/Admin',
  '/Profil',
  '/VipFinish',
  '/Login',
  '/ContextualDictHistory',
]);

/**
 * What a page shares: the page itself (without #fragment), carrying the sharer's own account
 * when logged in, so that whoever opens it is credited to them (spec section 6); a visitor's
 * share keeps the account the link arrived with. A personal page shares the home page with the
 * site's title. iOS WeChat checks the signature against the URL the web view was first opened
 * at, not the one client navigation has moved to; Android against the current one.
 */
export function sharePageOf({
  href,
  landingHref,
  isIos,
  account,
  title,
  description,
  site,
  imagePath,
}: {
  href: string;
  landingHref: string;
  isIos: boolean;
  account: string | null;
  title: string;
  description: string;
  /** The site's own title and description, for a share of its home page. */
  site: { title: string; description: string };
  imagePath: string;
}): SharePage {
  const here = new URL(href);
  here.hash = '';
  const personal = personalPagePaths.has(here.pathname);
  const link = personal ? new URL('/', here.origin) : new URL(here);
  const carried = account ?? (personal ? here.searchParams.get(SHARE_PARAM) : null);
  if (carried) link.searchParams.set(SHARE_PARAM, carried);
  return {
    signUrl: (isIos ? landingHref : href).split('#')[0],
    content: {
      title: personal ? site.title : title,
      desc: personal ? site.description : description,
      link: link.href,
      imgUrl: new URL(imagePath, here.origin).href,
    },
  };
}

/** iPhone, iPad and iPod WeChat: the ones that sign the landing URL. */
export const isIosUserAgent = (userAgent: string): boolean => /iPhone|iPad|iPod/i.test(userAgent);
