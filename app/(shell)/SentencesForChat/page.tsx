import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SentenceBookScreen } from '@/components/analysis/sentence-book-screen';

export const metadata: Metadata = {
  title: '对话句子本',
  robots: { index: false },
};

// The filter is read from the address on the client (useSearchParams), hence the boundary.
export default function SentencesForChatPage() {
  return (
    <Suspense>
      <SentenceBookScreen title="对话句子本" from="chatSentence" />
    </Suspense>
  );
}
