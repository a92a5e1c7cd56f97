import type { Metadata } from 'next';
import { ContextualDictScreen } from '@/components/dictionary/contextual-dict-screen';
import { dictLinkParams } from '@/lib/routes/dict-link-params';

export const metadata: Metadata = {
  title: '真题查词',
  description: '在考试真题原文中点击任意单词，查看它在题目语境里的意思。',
  alternates: { canonical: '/ContextualDictForZhenti' },
};

// Exam texts arrive as `?text=…` (optionally with `target` and `index`), or are pasted.
export default async function ContextualDictForZhentiPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { text, target, index } = dictLinkParams(await searchParams);
  return (
    <ContextualDictScreen
      from="zhenti"
      title="真题查词"
      intro="粘贴真题原文，点击任意单词，查看它在题目语境里的意思。"
      initialText={text}
      autoLookup={target !== undefined || index !== undefined ? { target, index } : undefined}
    />
  );
}
