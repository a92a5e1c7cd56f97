import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WordListScreen } from '@/components/word-lists/word-list-screen';

export const metadata: Metadata = {
  title: '我的单词本',
  robots: { index: false },
};

// The filter tab is read from the URL on the client (useSearchParams), hence the boundary.
export default function WordsPage() {
  return (
    <Suspense>
      <WordListScreen path="/Words" />
    </Suspense>
  );
}
