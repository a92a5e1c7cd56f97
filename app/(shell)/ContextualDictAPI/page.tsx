import type { Metadata } from 'next';
import { ContextualDictScreen } from '@/components/dictionary/contextual-dict-screen';
import { dictLinkParams } from '@/lib/routes/dict-link-params';

export const metadata: Metadata = {
  title: '语境查词',
  alternates: { canonical: '/ContextualDict' },
  robots: { index: false },
};

// Opened by the native app or a link: `?text=…&target=…` (and `index`, counting words from 0).
export default async function ContextualDictApiPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { text, target, index } = dictLinkParams(await searchParams);
  return (
    <ContextualDictScreen
      from="ContextualDictAPI"
      title="语境查词"
      intro="点击任意单词，查看它在这句话里的意思。"
      initialText={text}
      autoLookup={target !== undefined || index !== undefined ? { target, index } : undefined}
    />
  );
}
