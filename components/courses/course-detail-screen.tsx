'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { ShelfButton } from '@/components/books/shelf-button';
import { ProgressLoginNotice } from './lesson-parts';
import { ListError, ListSkeleton } from '@/components/word-lists/history-list-states';
import { useCourseLevels, useResumePoint, useUnitPage } from '@/lib/client/courses/queries';
import { useCurrentUser } from '@/lib/client/user';
import { ApiError } from '@/lib/client/errors';
import { errorMessage } from '@/lib/client/word-lists/queries';
import { defaultCoursePageSize, type CourseLevel, type UnitSummary } from '@/lib/contract/calls/courses';
import { courseBookLabels } from '@/lib/contract/categories';
import { itemCount, progressLabel, unitItemCount } from '@/lib/routes/course-labels';
import { courseCategoryHref, courseDetailHref, courseIdOf, lessonHref, type CourseAddress } from '@/lib/routes/course-links';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * /aiBook/{type}/detail: one book's levels and units, with the learner's progress per unit and a
 * 继续学习 button that reopens the unit they touched last where they stopped. Per user, so it is
 * read in the browser.
 */
export function CourseDetailScreen({ book, level }: { book: CourseAddress; level: number | undefined }) {
  const courseId = courseIdOf(book);
  const levels = useCourseLevels(courseId);
  const { data: user } = useCurrentUser();

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-5 md:py-8">
      <Link href={courseCategoryHref(book.category)} className="self-start text-sm text-brand-700 hover:underline">
        ‹ 返回{courseBookLabels[book.category]}课程
      </Link>
      {levels.isPending ? (
        <ListSkeleton rows={4} label="正在加载课程" />
      ) : levels.isError ? (
        levels.error instanceof ApiError && levels.error.httpStatus === 404 ? (
          <NoSuchBook book={book} />
        ) : (
          <ListError message={errorMessage(levels.error)} onRetry={() => void levels.refetch()} retrying={levels.isRefetching} />
        )
      ) : (
        <>
          <header className="flex flex-wrap items-end justify-between gap-4">
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold" data-testid="course-title">
                {levels.data.course.name}
              </h1>
              <p className="mt-1 text-sm text-ink-soft">{levels.data.course.description}</p>
              <p className="mt-1 text-xs text-ink-mute">
                {itemCount(book.type, levels.data.course.items)} · {levels.data.course.units} 个单元
                {levels.data.course.done_units !== null && (
                  <span data-testid="course-done-units"> · 已完成 {levels.data.course.done_units} 个单元</span>
                )}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <ShelfButton kind="course" shelfRef={courseId} addition={{ course_book_id: courseId }} className="py-2" />
              <ResumeButton book={book} loggedIn={!!user} />
            </div>
          </header>
          {!user && <ProgressLoginNotice />}
          {levels.data.start && (
            <p
              data-testid="course-assessed-start"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
            >
              <span className="flex-1">
                根据你的词汇测试（词汇量约 {levels.data.start.size.toLocaleString('zh-CN')}），建议从第 {levels.data.start.unit}{' '}
                单元{levels.data.start.level_name && `（${levels.data.start.level_name}）`}开始。
              </span>
              <Link href={lessonHref(book, levels.data.start.unit)} className="font-medium text-brand-700 hover:underline">
                从这里开始 →
              </Link>
            </p>
          )}
          <LevelTabs book={book} levels={levels.data.levels} current={level ?? levels.data.levels[0]?.level ?? 1} />
          <UnitList
            key={level ?? 0}
            book={book}
            level={levels.data.levels.length > 0 ? (level ?? levels.data.levels[0].level) : undefined}
          />
        </>
      )}
    </div>
  );
}

function NoSuchBook({ book }: { book: CourseAddress }) {
  return (
    <div data-testid="no-such-book" className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center">
      <p className="font-medium">这本课程书不存在</p>
      <p className="mt-1 text-sm text-ink-soft">{courseBookLabels[book.category]}暂时没有这类课程书。</p>
      <Link href={courseCategoryHref(book.category)} className="mt-4 inline-block text-sm text-brand-700 hover:underline">
        看看{courseBookLabels[book.category]}的其他课程
      </Link>
    </div>
  );
}

/** 继续学习: the unit touched last, at its position; 开始学习 before anything is stored. */
function ResumeButton({ book, loggedIn }: { book: CourseAddress; loggedIn: boolean }) {
  const resume = useResumePoint(courseIdOf(book), loggedIn);
  const className = buttonClass({ size: 'lg' }, 'shrink-0');
  if (!loggedIn || resume.isError || (resume.isSuccess && !resume.data)) {
    return (
      <Link href={lessonHref(book, 1)} data-testid="course-start" className={className}>
        从第一单元开始
      </Link>
    );
  }
  if (!resume.data) {
    return (
      <span aria-busy className={`${className} opacity-60`}>
        继续学习
      </span>
    );
  }
  return (
    <Link
      href={lessonHref(book, resume.data.unit)}
      data-testid="course-resume"
      data-unit={resume.data.unit}
      className={className}
    >
      {resume.data.started ? `继续学习 · 第 ${resume.data.unit} 单元` : '开始学习'}
    </Link>
  );
}

function LevelTabs({ book, levels, current }: { book: CourseAddress; levels: readonly CourseLevel[]; current: number }) {
  if (levels.length <= 1) return null;
  return (
    <nav aria-label="级别" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {levels.map((l) => (
          <li key={l.level} className="shrink-0">
            <Link
              href={courseDetailHref(book, l.level)}
              aria-current={l.level === current ? 'page' : undefined}
              data-testid="level-tab"
              className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm ${
                l.level === current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white hover:bg-slate-50'
              }`}
            >
              {l.name}
              <span className={`text-xs ${l.level === current ? 'text-white/80' : 'text-ink-mute'}`}>{l.units}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function UnitList({ book, level }: { book: CourseAddress; level: number | undefined }) {
  const [page, setPage] = useState(1);
  const pageSize = defaultCoursePageSize;
  const units = useUnitPage(courseIdOf(book), level, page, pageSize);
  if (units.isPending) return <ListSkeleton rows={6} label="正在加载单元" />;
  if (units.isError) {
    return <ListError message={errorMessage(units.error)} onRetry={() => void units.refetch()} retrying={units.isRefetching} />;
  }
  const pages = Math.max(1, Math.ceil(units.data.total / pageSize));
  if (units.data.units.length === 0) {
    return (
      <p
        data-testid="no-units"
        className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm"
      >
        这个级别还没有单元。
      </p>
    );
  }
  return (
    <section aria-label="单元">
      <ol data-testid="unit-list" className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
        {units.data.units.map((u) => (
          <UnitRow key={u.unit} book={book} unit={u} />
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label="单元分页" className="mt-5 flex items-center justify-center gap-3 text-sm">
          <Button tone="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            上一页
          </Button>
          <span aria-live="polite">
            第 {page} / {pages} 页
          </span>
          <Button tone="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            下一页
          </Button>
        </nav>
      )}
    </section>
  );
}

function UnitRow({ book, unit }: { book: CourseAddress; unit: UnitSummary }) {
  const done = unit.progress?.done ?? false;
  const started = !!unit.progress && !done;
  const ratio = unit.progress && unit.items > 0 ? Math.min(1, done ? 1 : unit.progress.position / unit.items) : 0;
  return (
    <li>
      <Link
        href={lessonHref(book, unit.unit)}
        data-testid="unit-link"
        data-unit={unit.unit}
        data-state={done ? 'done' : started ? 'started' : 'new'}
        className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300 hover:bg-brand-50/40 md:p-4"
      >
        <span className="flex items-start justify-between gap-2">
          <span className="font-medium" lang={book.type === 'reading' || book.type === 'reading-question' ? 'en' : undefined}>
            {unit.name}
          </span>
          {done && (
            <span aria-hidden className="text-green-600">
              ✓
            </span>
          )}
        </span>
        <span className="mt-1 text-xs text-ink-mute">{unitItemCount(book.type, unit.items)}</span>
        <span
          className={`mt-2 text-xs ${done ? 'text-green-700' : started ? 'text-brand-700' : 'text-ink-mute'}`}
          data-testid="unit-progress"
        >
          {progressLabel(unit.progress, unit.items)}
        </span>
        <span aria-hidden className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
          <span className="block h-full rounded-full bg-brand-500" style={{ width: `${Math.round(ratio * 100)}%` }} />
        </span>
      </Link>
    </li>
  );
}
