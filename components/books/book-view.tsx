import { Link } from '@/components/ui/link';
import { ArticleReader } from '@/components/reading/article-reader';
import { ArticleText } from '@/components/reading/article-text';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { DocumentFacts } from '@/components/reading/document-facts';
import { Pager } from '@/components/reading/pager';
import type { ReadableBook } from '@/lib/contract';
import { pathFor } from '@/lib/routes/route-table';

const levelNames: Record<number, string> = { 1: '中考', 2: '高考', 3: '四级', 4: '六级', 5: '考研/雅思', 6: '超纲' };

/** A page of the book: chapter `number`, its page `page`, and a page of the contents when one is named. */
function bookHref(book: ReadableBook, number: number, page = 1, contents?: number): string {
  const query = new URLSearchParams();
  if (number > 1) query.set('chapter', String(number));
  if (page > 1) query.set('page', String(page));
  if (contents !== undefined) query.set('contents', String(contents));
  const search = query.toString();
  return `${pathFor('myBook', { bookId: String(book.book_id) })}${search ? `?${search}` : ''}${contents !== undefined ? '#book-contents' : ''}`;
}

/**
 * A personal book as the reading page shows a document: a page of the chapter's text as server
 * HTML with sentence spans, made clickable by the reading page's client island (a click on a word
 * opens the contextual dictionary), a page of the table of contents, and the book's unknown words
 * for this reader. get_book answers a page of each, so the page stays small whatever the book: a
 * long chapter is read a page at a time, a long table of contents fifty chapters at a time, each
 * through real links (`?chapter=…&page=…&contents=…`).
 */
export function BookView({ book, contentsOpen = false }: { book: ReadableBook; contentsOpen?: boolean }) {
  const { chapter, chapters, contents } = book;
  const previous = chapter.number > 1 ? chapter.number - 1 : undefined;
  const next = chapter.number < book.chapter_count ? chapter.number + 1 : undefined;
  const firstListed = chapters[0]?.number ?? 0;
  const lastListed = chapters.at(-1)?.number ?? 0;
  return (
    <article data-testid="my-book" className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 md:py-10">
      <Breadcrumbs trail={[{ href: pathFor('index', { product: 'me' }), label: '我的书架' }]} current={book.title} />
      <header className="flex flex-col gap-2">
        <h1 data-testid="book-title" lang="en" className="text-2xl font-semibold leading-tight md:text-3xl">
          {book.title}
        </h1>
        <p className="text-sm text-ink-soft">
          自制书 · 来自 <span lang="en">{book.file_name}</span> · {book.chapter_count} 章
        </p>
        <DocumentFacts doc={book} detailed />
      </header>

      <details
        id="book-contents"
        data-testid="book-contents"
        open={contentsOpen}
        className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm"
      >
        <summary className="cursor-pointer font-medium">
          目录（第 {chapter.number} / {book.chapter_count} 章）
        </summary>
        {contents.pages > 1 ? (
          <p data-testid="contents-range" className="mt-2 text-xs text-ink-mute">
            第 {firstListed}–{lastListed} 章，共 {book.chapter_count} 章
          </p>
        ) : null}
        <ol className="mt-2 flex max-h-80 flex-col gap-1 overflow-y-auto">
          {chapters.map((c) => (
            <li key={c.number}>
              <Link
                href={bookHref(book, c.number)}
                aria-current={c.number === chapter.number ? 'page' : undefined}
                className={`block rounded px-2 py-1 hover:bg-slate-50 ${c.number === chapter.number ? 'font-medium text-brand-700' : ''}`}
              >
                <span lang="en">{c.title}</span>{' '}
                <span className="ml-2 text-xs text-ink-mute">
                  {c.word_count.toLocaleString('zh-CN')} 词{c.pages > 1 ? ` · ${c.pages} 页` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ol>
        <Pager
          label="目录分页"
          testId="contents-pager"
          page={contents.page}
          pages={contents.pages}
          hrefOf={(page) => bookHref(book, chapter.number, chapter.page, page)}
        />
      </details>

      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 data-testid="chapter-title" lang="en" className="text-xl font-semibold">
          {chapter.title}
        </h2>
        {chapter.pages > 1 ? (
          <p data-testid="chapter-page" className="text-sm text-ink-mute">
            第 {chapter.page} / {chapter.pages} 页
          </p>
        ) : null}
      </div>
      <ArticleReader from="myBook" listId={`book/${book.book_id}/${chapter.number}/${chapter.page}`}>
        <ArticleText paragraphs={chapter.paragraphs} />
      </ArticleReader>

      <Pager
        label="本章分页"
        testId="chapter-pager"
        page={chapter.page}
        pages={chapter.pages}
        hrefOf={(page) => bookHref(book, chapter.number, page)}
      />

      <nav aria-label="章节" className="flex justify-between gap-3 text-sm">
        {previous ? (
          <Link data-testid="chapter-previous" href={bookHref(book, previous)} className="text-brand-700 hover:underline">
            ← 上一章
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link data-testid="chapter-next" href={bookHref(book, next)} className="text-brand-700 hover:underline">
            下一章 →
          </Link>
        ) : null}
      </nav>

      <section data-testid="unknown-words" className="rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-medium">本书生词（{book.unknown_words.total} 个）</h2>
          {book.unknown_words.total > 0 ? (
            <a
              data-testid="unknown-words-pdf"
              href={`/api/export_pdf?source=book&book_id=${book.book_id}`}
              className="text-sm text-brand-700 hover:underline"
            >
              导出生词 PDF
            </a>
          ) : null}
        </div>
        <p className="mt-1 text-xs text-ink-mute">
          超出你所选水平（{levelNames[book.reader_level]}）且未标为熟词的词，以及你标为生词的词，按出现次数排列。
        </p>
        {book.unknown_words.items.length ? (
          <ul className="mt-3 flex flex-wrap gap-2 text-sm">
            {book.unknown_words.items.map((w) => (
              <li key={w.lemma} lang="en" className="rounded-full bg-slate-100 px-2.5 py-1">
                {w.lemma}
                <span className="ml-1 text-xs text-ink-mute">
                  ×{w.occurrences} · {w.strange === 1 ? '生词' : levelNames[w.level]}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-ink-soft">没有超出你水平的词。</p>
        )}
      </section>
    </article>
  );
}
