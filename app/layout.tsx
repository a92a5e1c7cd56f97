import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { ReadingFontSize } from '@/components/settings/reading-font-size';
import { DeferredShellServices } from '@/components/shell/deferred-shell-services';
import { Providers } from '@/components/shell/providers';
import { APP_MODE_SCRIPT, ZOD_JITLESS_SCRIPT } from '@/lib/client/client-mode';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: process.env.SITE_URL ? new URL(process.env.SITE_URL) : undefined,
  title: { default: '语境 · 在语境中读懂英语', template: '%s · 语境' },
  description: '语境：点击句子中的任何单词，得到最贴合上下文的释义、英美发音、构词、同义词和例句；拆解句子成分，看懂语法。',
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

/**
 * The same for every reader and every request: nothing here reads the request, so pages that are
 * the same for everybody (the reading pages) can be cached whole. Who is logged in is rendered by
 * the shell layout of the personal pages (app/(shell)/layout.tsx) or asked by the browser.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The inline script may add data-app before React hydrates.
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constants of this codebase, no input in them */}
        <script dangerouslySetInnerHTML={{ __html: `${APP_MODE_SCRIPT};${ZOD_JITLESS_SCRIPT}` }} />
      </head>
      <body>
        <Providers>
          {children}
          <ReadingFontSize />
          <DeferredShellServices />
        </Providers>
      </body>
    </html>
  );
}
