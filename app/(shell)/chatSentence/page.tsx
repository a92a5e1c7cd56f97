import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ChatSentenceScreen } from '@/components/analysis/chat-sentence-screen';

const description = '输入一个英文句子，看它的翻译、逐层的句子成分和语法点，再向 AI 助教提问句子的任何部分。';

export const metadata: Metadata = {
  title: '句子分析',
  description,
  alternates: { canonical: '/chatSentence' },
};

// The sentence is read from the address on the client (useSearchParams), hence the boundary.
export default function ChatSentencePage() {
  return (
    <Suspense>
      <ChatSentenceScreen from="chatSentence" title="句子分析" intro={description} />
    </Suspense>
  );
}
