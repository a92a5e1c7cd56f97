import type { Metadata } from 'next';
import { ReviewStatsScreen } from '@/components/review/review-stats-screen';

export const metadata: Metadata = {
  title: '复习统计',
  robots: { index: false },
};

export default function ReviewStatsPage() {
  return <ReviewStatsScreen />;
}
