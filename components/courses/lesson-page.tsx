import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound, redirect } from 'next/navigation';
import type { CourseType } from '@/lib/contract/calls/courses';
import { courseBookCategories, courseBookLabels } from '@/lib/contract/categories';
import { courseTypeLabels } from '@/lib/routes/course-labels';
import {
  type CourseSearchParams,
  courseCategoryHref,
  courseDetailHref,
  parseCourseAddress,
  parseLessonAddress,
} from '@/lib/routes/course-links';
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

/**
 * The four lesson routes: the address names the book and the unit. Without any, the learner
 * chooses a category's books; with a book but no unit, its unit list; anything else is a 404.
 */
export async function LessonPage({ type, searchParams }: LessonPageProps & { type: CourseType }) {
  const params = await searchParams;
  const address = parseLessonAddress(type, params);
  if (address) return <LessonScreen book={{ category: address.category, type }} unit={address.unit} />;
  if (params.category === undefined && params.unit === undefined) return <LessonChooser type={type} />;
  const book = parseCourseAddress(type, params);
  if (book && params.unit === undefined) redirect(courseDetailHref(book));
  notFound();
}

/** A lesson address that names no book: the course-book categories, each leading to its books. */
function LessonChooser({ type }: { type: CourseType }) {
  return (
    <main data-testid="lesson-chooser" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <h1 className="text-xl font-semibold">{courseTypeLabels[type]}课程</h1>
      <p className="text-sm text-ink-soft">这个地址没有指定课本和单元。请先选择一个类别，再从课本的目录进入单元。</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {courseBookCategories.map((category) => (
          <li key={category}>
            <Link
              href={courseCategoryHref(category)}
              className="block rounded-lg border border-slate-200 bg-white px-3 py-2 text-center hover:border-brand-300 hover:text-brand-700"
            >
              {courseBookLabels[category]}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
