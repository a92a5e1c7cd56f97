'use client';

import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { type LessonLinks, ProgressLoginNotice } from './lesson-parts';
import { ListError, ListSkeleton } from '@/components/word-lists/history-list-states';
import { useCourseLevels, useUnitContent, useUnitProgressSaver, type UnitContent } from '@/lib/client/courses/queries';
import { ApiError } from '@/lib/client/errors';
import { useCurrentUser } from '@/lib/client/user';
import { exportPdfUrl } from '@/lib/client/word-lists/pdf-export';
import { errorMessage } from '@/lib/client/word-lists/queries';
import { courseDetailHref, courseIdOf, lessonHref, type CourseAddress } from '@/lib/routes/course-links';
import { ReadingLesson } from './reading-lesson';
import { QuestionLesson } from './question-lesson';
import { SentenceLesson } from './sentence-lesson';
import { WordLesson } from './word-lesson';
import { buttonClass } from '@/components/ui/button';

/**
 * The four /aiBook/{type}/class screens (no header or footer): loads the unit, says where it
 * belongs, opens it where the learner stopped, and hands it to the lesson of its type.
 */
export function LessonScreen({ book, unit }: { book: CourseAddress & { type: UnitContent['type'] }; unit: number }) {
  const courseId = courseIdOf(book);
  const content = useUnitContent(courseId, unit);
  const course = useCourseLevels(courseId);
  const { data: user } = useCurrentUser();
  const loggedIn = !!user;
  const save = useUnitProgressSaver(courseId, unit, loggedIn);

  if (content.isPending) {
    return (
      <LessonShell book={book}>
        <ListSkeleton rows={3} label="正在加载本单元" />
      </LessonShell>
    );
  }
  if (content.isError) {
    const missing = content.error instanceof ApiError && content.error.httpStatus === 404;
    return (
      <LessonShell book={book}>
        {missing ? (
          <div
            data-testid="no-such-unit"
            className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center"
          >
            <p className="font-medium">这个单元不存在</p>
            <Link href={courseDetailHref(book)} className="mt-3 inline-block text-sm text-brand-700 hover:underline">
              返回课程目录
            </Link>
          </div>
        ) : (
          <ListError
            message={errorMessage(content.error)}
            onRetry={() => void content.refetch()}
            retrying={content.isRefetching}
          />
        )}
      </LessonShell>
    );
  }

  const data = content.data;
  // The address names the lesson screen; a unit of another type of book is not this lesson.
  if (data.type !== book.type) {
    return (
      <LessonShell book={book}>
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm">
          这个单元不属于本课程。
        </p>
      </LessonShell>
    );
  }
  const units = course.data?.course.units;
  const links: LessonLinks = {
    detail: courseDetailHref(book, data.level),
    next: units !== undefined && unit < units ? lessonHref(book, unit + 1) : null,
  };
  const p = data.progress;
  const itemsOf = (c: UnitContent) =>
    c.type === 'word'
      ? c.words.length
      : c.type === 'sentence'
        ? c.sentences.length
        : c.type === 'reading'
          ? c.paragraphs.flat().length
          : c.questions.length;
  const start = p && !p.done ? Math.min(Math.max(p.position, 0), Math.max(itemsOf(data) - 1, 0)) : 0;
  const common = { book, start, save, loggedIn, links };

  return (
    <LessonShell
      book={book}
      detailHref={links.detail}
      title={`${course.data?.course.name ?? ''}${course.data ? ' · ' : ''}${data.name}`}
      loggedIn={loggedIn}
      // A word unit prints as a word sheet (export_pdf), for a logged-in learner.
      printHref={
        data.type === 'word' && loggedIn
          ? exportPdfUrl({ source: 'course_unit', course_id: courseIdOf(book), unit_id: String(unit) })
          : undefined
      }
    >
      {/* keyed by unit: another unit is another lesson, from its own start */}
      {data.type === 'word' ? (
        <WordLesson key={unit} {...common} content={data} />
      ) : data.type === 'sentence' ? (
        <SentenceLesson key={unit} {...common} content={data} />
      ) : data.type === 'reading' ? (
        <ReadingLesson key={unit} {...common} content={data} />
      ) : (
        <QuestionLesson key={unit} {...common} content={data} />
      )}
    </LessonShell>
  );
}

function LessonShell({
  book,
  detailHref,
  title,
  loggedIn = true,
  printHref,
  children,
}: {
  book: CourseAddress;
  detailHref?: string;
  title?: string;
  loggedIn?: boolean;
  printHref?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-4 px-4 py-4 md:py-6">
      <div className="flex items-center gap-3">
        <Link
          href={detailHref ?? courseDetailHref(book)}
          data-testid="lesson-back"
          className={buttonClass({ tone: 'secondary', size: 'sm' }, 'shrink-0')}
        >
          ‹ 目录
        </Link>
        {title && (
          <h1 className="min-w-0 truncate text-base font-semibold md:text-lg" data-testid="lesson-title">
            {title}
          </h1>
        )}
        {printHref && (
          <a
            href={printHref}
            data-testid="lesson-print"
            className={buttonClass({ tone: 'secondary', size: 'sm' }, 'ml-auto shrink-0')}
          >
            导出 PDF
          </a>
        )}
      </div>
      {!loggedIn && <ProgressLoginNotice compact />}
      {children}
    </div>
  );
}
