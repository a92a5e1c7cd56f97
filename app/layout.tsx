import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Providers } from '@/components/shell/providers';
import { Toaster } from '@/components/ui/toaster';
import { currentUser } from '@/lib/bff/current-user';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: process.env.SITE_URL ? new URL(process.env.SITE_URL) : undefined,
  title: { default: '语境 · 在语境中读懂英语', template: '%s · 语境' },
  description: '语境：点击句子中的任何单词，得到最贴合上下文的释义、英美发音、构词、同义词和例句；拆解句子成分，向 AI 老师提问。',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <html lang="zh-CN">
      <body>
        <Providers initialUser={user}>
          {children}
          <Toaster />
        </Providers>
      </body>
    </html>
  );
}
