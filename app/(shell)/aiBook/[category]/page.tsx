import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryBooksPage } from '@/components/courses/category-books';
import { categoryBooks } from '@/lib/bff/course-books';
import { unlessUnavailable } from '@/lib/bff/errors';
import { courseBookLabels, isCourseBookCategory } from '@/lib/contract/categories';
import { listMetadata } from '@/lib/reading/list-metadata';
import { courseCategoryHref } from '@/lib/routes/course-links';

interface Props {
  params: Promise<{ category: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category } = await params;
  if (!isCourseBookCategory(category)) return {};
  const label = courseBookLabels[category];
  return listMetadata({
    title: `${label}课程 · 单词、句子与阅读`,
    description: `${label}英语课程书：按词频排序的考纲单词、分级句子和阅读，逐个单元学习，自动记录进度。`,
    path: courseCategoryHref(category),
  });
}

/** /aiBook/{category} (spec section 2): unknown categories were sent to /NotFound by the proxy already. */
export default async function CourseCategoryPage({ params }: Props) {
  const { category } = await params;
  if (!isCourseBookCategory(category)) notFound();
  return <CategoryBooksPage category={category} data={await unlessUnavailable(categoryBooks(category))} />;
}
