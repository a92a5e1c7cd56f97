import type { Metadata } from 'next';
import { AssessmentSummary } from '@/components/assessment/assessment-summary';
import { Bookshelf } from '@/components/books/bookshelf';
import { PersonalCentre } from '@/components/membership/personal-centre';
import { ReviewSummary } from '@/components/review/review-summary';

export const metadata: Metadata = {
  title: '个人中心',
  robots: { index: false },
};

export default function AdminPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <h1 className="text-2xl font-semibold">个人中心</h1>
      <PersonalCentre />
      <ReviewSummary />
      <AssessmentSummary />
      <Bookshelf />
    </div>
  );
}
