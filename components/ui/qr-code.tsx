'use client';

import { useEffect, useState } from 'react';

const SIZE = 200;

/**
 * An address drawn as a QR code (the `qrcode` package, fetched with the first one drawn): a pay
 * code, a share link. The address is drawn as it is: the caller has resolved and checked it.
 */
export function QrCode({ url, alt, testId }: { url: string; alt: string; testId?: string }) {
  const [drawn, setDrawn] = useState<{ url: string; src: string } | { url: string; failed: true } | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const qrcode = await import('qrcode');
      // A CommonJS module: its functions are on the default export or on the namespace itself.
      const lib = ('default' in qrcode ? qrcode.default : qrcode) as typeof qrcode;
      return lib.toDataURL(url, { width: SIZE * 2, margin: 1, errorCorrectionLevel: 'M' });
    })().then(
      (src) => live && setDrawn({ url, src }),
      () => live && setDrawn({ url, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const current = drawn?.url === url ? drawn : null;
  const frame = 'grid size-[200px] place-items-center rounded-lg border border-slate-200 bg-white';
  if (!current) {
    return (
      <div role="status" className={`${frame} animate-pulse bg-slate-50 motion-reduce:animate-none`}>
        <span className="text-xs text-ink-mute">正在生成二维码…</span>
      </div>
    );
  }
  if ('failed' in current) {
    return (
      <div role="alert" className={`${frame} px-4 text-center text-xs text-red-700`}>
        二维码生成失败，请刷新页面后重试
      </div>
    );
  }
  return <img src={current.src} alt={alt} width={SIZE} height={SIZE} data-testid={testId} className={`${frame} p-1`} />;
}
