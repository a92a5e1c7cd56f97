import type { Metadata } from 'next';
import { HistoryScreen } from '@/components/word-lists/history-screen';

export const metadata: Metadata = {
  title: '查词记录',
  robots: { index: false },
};

export default function ContextualDictHistoryPage() {
  return <HistoryScreen />;
}
