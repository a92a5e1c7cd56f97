import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CourseDetailScreen } from '@/components/courses/course-detail-screen';
import { courseBookLabels } from '@/lib/contract/categories';
import { courseTypeLabels } from '@/lib/routes/course-labels';
import { type CourseSearchParams, parseDetailAddress } from '@/lib/routes/course-links';

// Next wants one name for one dynamic segment: under /aiBook it is `category` for the category
// page, and here the same segment holds the book's type (/aiBook/{type}/detail?category=…).
interface Props {
  params: Promise<{ category: string }>;
  searchParams: Promise<CourseSearchParams>;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const address = parseDetailAddress((await params).category, await searchParams);
  return {
    title: address ? `${courseBookLabels[address.category]}${courseTypeLabels[address.type]} · 课程目录` : '课程目录',
    robots: { index: false },
  };
}

/** A book's levels and units with the learner's progress (no header or footer; per user). */
export default async function CourseDetailPage({ params, searchParams }: Props) {
  const address = parseDetailAddress((await params).category, await searchParams);
  if (!address) notFound();
  return <CourseDetailScreen book={{ category: address.category, type: address.type }} level={address.level} />;
}
