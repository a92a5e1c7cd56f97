import { callData } from '@/lib/client/api';
import { createShareSetup, isIosUserAgent, sharePageOf } from './share-setup';
import { loadWechatSdk } from './wechat-sdk';

/** The picture a share shows: the site's mark, large enough for WeChat's card. */
const SHARE_IMAGE_PATH = '/icon-512.png';
/** The site as a share of its home page shows it (app/layout.tsx's default metadata says the same). */
const SITE = {
  title: '语境 · 在语境中读懂英语',
  description: '语境：点击句子中的任何单词，得到最贴合上下文的释义、英美发音、构词、同义词和例句；拆解句子成分，看懂语法。',
};

/**
 * The browser side of the share setup (./share-setup.ts) wired to the real page: the signature
 * from get_share_parameters through the BFF (the spec's `password` is not sent: the upstream
 * does not use it, and a secret shipped to every browser would be none), the JS-SDK from
 * WeChat, the page's own title and description. Loaded only inside WeChat.
 */
export function startWechatShare() {
  const setup = createShareSetup({
    sign: (url) => callData('get_share_parameters', { url }, undefined, { quiet: true }),
    loadSdk: loadWechatSdk,
    log: (error) => console.warn('[share] WeChat share setup failed:', error),
  });
  return {
    /** After a navigation: sets the page up for sharing, as `account` (null for a visitor). */
    update(account: string | null) {
      setup.update(() =>
        sharePageOf({
          href: window.location.href,
          landingHref: landingUrl(),
          isIos: isIosUserAgent(navigator.userAgent),
          account,
          // A client navigation can still be streaming the new page's <title>: a share is never untitled.
          title: document.title.trim() || SITE.title,
          description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content.trim() || SITE.description,
          site: SITE,
          imagePath: SHARE_IMAGE_PATH,
        }),
      );
    },
    dispose: setup.dispose,
  };
}

export type WechatShareRuntime = ReturnType<typeof startWechatShare>;

/** The URL the document was loaded at, before any client navigation or history change. */
function landingUrl(): string {
  const entry = performance.getEntriesByType('navigation')[0];
  return entry?.name || window.location.href;
}
