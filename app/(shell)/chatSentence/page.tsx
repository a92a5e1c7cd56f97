import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ChatSentenceScreen } from '@/components/analysis/chat-sentence-screen';

const description = '输入一个英文句子，看它逐层的句子成分和语法点，再就句子的任何部分提问。';

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
