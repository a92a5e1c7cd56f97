import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { CourseType } from '@/lib/contract/calls/courses';
import { courseBookLabels } from '@/lib/routes/course-books';
import { courseTypeLabels } from '@/lib/routes/course-labels';
import { type CourseSearchParams, parseLessonAddress } from '@/lib/routes/course-links';
import { LessonScreen } from './lesson-screen';

export interface LessonPageProps {
  searchParams: Promise<CourseSearchParams>;
}

/** A lesson's title: per user and per unit, so never indexed. */
export async function lessonMetadata(type: CourseType, { searchParams }: LessonPageProps): Promise<Metadata> {
  const address = parseLessonAddress(type, await searchParams);
  return {
    title: address
      ? `${courseBookLabels[address.category]}${courseTypeLabels[type]} · 第 ${address.unit} 单元`
      : `${courseTypeLabels[type]}课程`,
    robots: { index: false },
  };
}

/** The four lesson routes: the address names the book and the unit, or it is not a lesson (404). */
export async function LessonPage({ type, searchParams }: LessonPageProps & { type: CourseType }) {
  const address = parseLessonAddress(type, await searchParams);
  if (!address) notFound();
  return <LessonScreen book={{ category: address.category, type }} unit={address.unit} />;
}
