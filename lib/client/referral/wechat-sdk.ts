import type { WechatSdk } from './share-setup';

/**
 * WeChat's JS-SDK, as WeChat delivers it: a script from WeChat's own server that its browser
 * loads. Added to the page only inside WeChat and only when a share is set up, once per page
 * life; a failed load is forgotten so that the next navigation tries again.
 */
export const WECHAT_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<WechatSdk> | null = null;

export function loadWechatSdk(): Promise<WechatSdk> {
  const w = window as unknown as { wx?: WechatSdk };
  if (w.wx) return Promise.resolve(w.wx);
  loading ??= new Promise<WechatSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WECHAT_SDK_URL;
    script.async = true;
    script.referrerPolicy = 'origin';
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(`WeChat JS-SDK ${reason}`));
    };
    const timer = setTimeout(() => fail('did not load in time'), LOAD_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (w.wx) resolve(w.wx);
      else fail('loaded without defining wx');
    };
    script.onerror = () => fail('failed to load');
    document.head.appendChild(script);
  });
  return loading;
}
