import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WordListScreen } from '@/components/word-lists/word-list-screen';

export const metadata: Metadata = {
  title: '语境词典单词本',
  robots: { index: false },
};

// The filter tab is read from the URL on the client (useSearchParams), hence the boundary.
export default function WordsForContextualDictPage() {
  return (
    <Suspense>
      <WordListScreen path="/WordsForContextualDict" />
    </Suspense>
  );
}
