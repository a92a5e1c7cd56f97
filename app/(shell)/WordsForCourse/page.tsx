import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WordListScreen } from '@/components/word-lists/word-list-screen';

export const metadata: Metadata = {
  title: '课程单词本',
  robots: { index: false },
};

// The filter tab is read from the URL on the client (useSearchParams), hence the boundary.
export default function WordsForCoursePage() {
  return (
    <Suspense>
      <WordListScreen path="/WordsForCourse" />
    </Suspense>
  );
}
