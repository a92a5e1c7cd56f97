import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { LibraryUnavailable } from '@/components/reading/list-states';
import { isUnavailable } from '@/lib/bff/errors';
import { bookChapters, type BookChapters } from '@/lib/bff/reading-lists';
import { categoryLabels, contentCategories, type ContentCategory } from '@/lib/contract/categories';
import { categoryHref } from '@/lib/reading/categories';
import { articleHref, sentenceAnchor } from '@/lib/routes/article-routes';
import { pathFor } from '@/lib/routes/route-table';

interface Props {
  params: Promise<{ title: string }>;
}

// The address names only the book's file; the reading list's books are looked for first.
const searchOrder: ContentCategory[] = [
  'reading',
  'classic',
  'bookworm',
  ...contentCategories.filter((c) => !['reading', 'classic', 'bookworm'].includes(c)),
];

/** The book, null when there is none by that name; undefined when the library cannot be read. */
async function bookOf(params: Props['params']): Promise<BookChapters | null | undefined> {
  const { title } = await params;
  let filename: string;
  try {
    filename = decodeURIComponent(title);
  } catch {
    return null;
  }
  try {
    return await bookChapters(filename, searchOrder);
  } catch (error) {
    if (isUnavailable(error)) return undefined;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const book = await bookOf(params);
  if (!book) return {};
  const description = `${book.title}：全书 ${book.chapters.length} 章的目录，点击章节开始阅读，逐词可查。`;
  const canonical = pathFor('readingChapter', { title: book.filename });
  return {
    title: `${book.title} · 目录`,
    description,
    alternates: { canonical },
    openGraph: { title: `${book.title} · 目录`, description, url: canonical, type: 'website', locale: 'zh_CN', siteName: '语境' },
  };
}

/**
 * A book's table of contents (`/readingChapter/{book}`): each chapter links into the reading page
 * at its heading's first sentence, which the page renders with the id sentenceAnchor names.
 */
export default async function ReadingChapterPage({ params }: Props) {
  const book = await bookOf(params);
  if (book === null) notFound();
  if (book === undefined) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 md:py-12">
        <LibraryUnavailable />
      </div>
    );
  }
  const href = articleHref(book);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <p className="text-sm">
          <Link href={categoryHref(book.category)} className="text-brand-700 hover:underline">
            {categoryLabels[book.category]}
          </Link>
        </p>
        <h1 lang="en" className="mt-1 text-2xl font-semibold">
          {book.title}
        </h1>
        <p className="mt-2 text-sm">
          <Link href={href} data-testid="read-whole-book" className="font-medium text-brand-700 hover:underline">
            从头阅读全文 →
          </Link>
        </p>
      </header>
      {book.chapters.length === 0 ? (
        <p className="text-sm text-ink-soft">这本书没有分章，请直接阅读全文。</p>
      ) : (
        <nav aria-label="目录">
          <ol data-testid="chapter-list" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {book.chapters.map((chapter) => (
              <li key={chapter.number}>
                <Link
                  href={`${href}#${sentenceAnchor(chapter.sentence_id)}`}
                  data-testid="chapter-link"
                  className="flex gap-3 px-4 py-2.5 hover:bg-slate-50"
                >
                  <span className="w-8 shrink-0 text-right text-sm text-ink-mute">{chapter.number}</span>
                  <span lang="en">{chapter.title}</span>
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </div>
  );
}
