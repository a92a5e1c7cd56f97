import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import { DebugConsoleLoader } from '@/components/debug/debug-console-loader';
import { OverlayHost } from '@/components/overlays/overlay-host';
import { ReadingFontSize } from '@/components/settings/reading-font-size';
import { ClientEnvProvider } from '@/lib/client/client-env';
import { Providers } from '@/components/shell/providers';
import { WechatShare } from '@/components/referral/wechat-share';
import { ShareAccountSync } from '@/components/shell/share-account-sync';
import { Toaster } from '@/components/ui/toaster';
import { currentUser } from '@/lib/bff/current-user';
import { envType } from '@/lib/bff/env-type';
import { clientModeOf } from '@/lib/client/client-mode';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: process.env.SITE_URL ? new URL(process.env.SITE_URL) : undefined,
  title: { default: '语境 · 在语境中读懂英语', template: '%s · 语境' },
  description: '语境：点击句子中的任何单词，得到最贴合上下文的释义、英美发音、构词、同义词和例句；拆解句子成分，向 AI 老师提问。',
  // The mark in public/ (drawn in icon.svg, rendered by scripts/render-icons.mjs).
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: { url: '/apple-touch-icon.png', sizes: '180x180' },
  },
  manifest: '/manifest.webmanifest',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The environment and the client mode are known before anything that depends on them renders.
  const [user, env, requestHeaders] = await Promise.all([currentUser(), envType(), headers()]);
  const mode = clientModeOf(requestHeaders.get('user-agent') ?? '');
  return (
    <html lang="zh-CN" data-app={mode.isApp ? '' : undefined}>
      <body>
        <ClientEnvProvider value={{ envType: env, mode }}>
          <Providers initialUser={user}>
            {children}
            <ReadingFontSize />
            <Suspense>
              <OverlayHost />
              <DebugConsoleLoader />
              <ShareAccountSync />
              <WechatShare />
            </Suspense>
            <Toaster />
          </Providers>
        </ClientEnvProvider>
      </body>
    </html>
  );
}
