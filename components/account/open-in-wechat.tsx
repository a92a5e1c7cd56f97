'use client';

import { useRef, useState } from 'react';
import { WechatIcon } from '@/components/ui/icons';

/**
 * WeChat login on a phone outside WeChat. The website QR login shows a code to scan with WeChat,
 * which the phone showing it cannot do; inside WeChat the same page logs in with one tap. So this
 * says how to get there: copy the page's link and open it from a WeChat chat.
 */
export function OpenInWechat() {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [link, setLink] = useState('');

  async function copy() {
    const href = window.location.href;
    setLink(href);
    try {
      await navigator.clipboard.writeText(href);
      setCopied('yes');
    } catch {
      // No clipboard (an http page, a browser that refuses): the link is shown, selected, to copy by hand.
      setCopied('no');
      requestAnimationFrame(() => field.current?.select());
    }
  }

  return (
    <section
      aria-labelledby="open-in-wechat-title"
      data-testid="wechat-open-in-app"
      className="flex flex-col gap-3 rounded-lg border border-[#06813d]/30 bg-[#06813d]/5 p-4"
    >
      <h2 id="open-in-wechat-title" className="flex items-center gap-2 font-medium text-[#06813d]">
        <WechatIcon />
        微信登录
      </h2>
      <p className="text-sm text-ink-soft">在微信中打开本页即可用微信登录：复制链接，发到微信里（如“文件传输助手”）点开。</p>
      <button
        type="button"
        data-testid="wechat-copy-link"
        onClick={() => void copy()}
        className="flex h-11 w-full items-center justify-center rounded-lg bg-[#06813d] font-medium text-white hover:bg-[#056c33] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#06813d]"
      >
        复制链接
      </button>
      {copied === 'yes' && (
        <p role="status" data-testid="wechat-link-copied" className="text-sm text-[#06813d]">
          链接已复制，请到微信中粘贴并点开
        </p>
      )}
      {copied === 'no' && (
        <>
          <p role="status" className="text-sm text-ink-soft">
            无法自动复制，请长按下面的链接复制：
          </p>
          <input
            ref={field}
            readOnly
            value={link}
            aria-label="本页链接"
            className="w-full rounded border border-slate-200 bg-white px-2 py-1 text-xs"
          />
        </>
      )}
    </section>
  );
}
