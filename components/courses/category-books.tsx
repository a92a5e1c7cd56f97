import { Link } from '@/components/ui/link';
import { LibraryUnavailable } from '@/components/reading/list-states';
import { type CategoryBook, type CategoryBooks, defaultCoursePageSize } from '@/lib/contract/calls/courses';
import { courseBookLabels, type CourseBookCategory } from '@/lib/contract/categories';
import { itemCount } from '@/lib/routes/course-labels';
import { courseDetailHref, frequentWordsHref } from '@/lib/routes/course-links';
import { buttonClass } from '@/components/ui/button';

/**
 * /aiBook/{category}: the category's course books, by type, with their levels, item counts and
 * where they come from; every book and level is a plain link to its unit list, so a crawler
 * reaches them. Rendered on the server from the upstream's public answer (no one's progress);
 * null when it could not be read.
 */
export function CategoryBooksPage({ category, data }: { category: CourseBookCategory; data: CategoryBooks | null }) {
  const label = data?.label ?? courseBookLabels[category];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">{label}课程</h1>
        <p className="mt-1 text-sm text-ink-soft">
          按单元学习{label}单词、句子和阅读：每个单元学完自动记录进度，下次从停下的地方继续。
        </p>
        <Link
          href={frequentWordsHref({ subcategory: category, wordType: 'word', page: 1, pageSize: defaultCoursePageSize })}
          data-testid="frequent-words-link"
          className="mt-3 inline-block text-sm text-brand-700 hover:underline"
        >
          {label}高频词 →
        </Link>
      </header>
      {!data ? (
        <LibraryUnavailable />
      ) : data.books.length === 0 ? (
        <div
          data-testid="no-course-books"
          className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-sm"
        >
          <p className="font-medium">「{label}」还没有课程书。</p>
          <p className="mt-2 text-ink-soft">这个分类暂时还没有单词、句子或文章，稍后再来看看。</p>
        </div>
      ) : (
        <ul data-testid="course-books" className="grid gap-4 md:grid-cols-2">
          {data.books.map((book) => (
            <BookCard key={book.id} book={book} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BookCard({ book }: { book: CategoryBook }) {
  const href = courseDetailHref(book);
  return (
    <li data-testid="course-book" data-course={book.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">
        <Link href={href} data-testid="course-book-link" className="text-brand-700 hover:underline">
          {book.name}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{book.description}</p>
      <p className="mt-2 text-xs text-ink-mute" data-testid="course-book-facts">
        {itemCount(book.type, book.items)} · {book.levels} 级 · {book.units} 个单元
      </p>
      {book.levels_list.length > 0 && (
        <nav aria-label={`${book.name}的级别`} className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {book.levels_list.map((level) => (
              <li key={level.level}>
                <Link
                  href={courseDetailHref(book, level.level)}
                  data-testid="course-level-link"
                  className={buttonClass({ tone: 'secondary', size: 'sm', shape: 'pill' })}
                >
                  <span>{level.name}</span>
                  <span className="text-xs text-ink-mute">{level.units} 单元</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-4 flex flex-1 items-end">
        <Link href={href} className={buttonClass()} aria-label={`开始学习${book.name}`}>
          开始学习
        </Link>
      </div>
    </li>
  );
}
