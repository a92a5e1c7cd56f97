import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BookView } from '@/components/books/book-view';
import { LoginPrompt } from '@/components/account/login-prompt';
import { readMyBook } from '@/lib/bff/books';

interface Props {
  params: Promise<{ bookId: string }>;
  searchParams: Promise<{ chapter?: string | string[]; page?: string | string[]; contents?: string | string[] }>;
}

// One read per request for the metadata and the page.
const read = cache(readMyBook);

// A number from the address (?chapter=3&page=2&contents=1): absent, or not a plain count, is the default.
const count = (raw: string | string[] | undefined) =>
  typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : undefined;

async function requested({ params, searchParams }: Props) {
  const bookId = Number((await params).bookId);
  const query = await searchParams;
  return { bookId, chapter: count(query.chapter), page: count(query.page), contents: count(query.contents) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { bookId, chapter, page, contents } = await requested(props);
  const answer = await read(bookId, chapter, page, contents);
  return { title: answer.kind === 'book' ? answer.book.title : '我的书', robots: { index: false, follow: false } };
}

/**
 * A personal book (made on /uploadBook), a page of a chapter at a time, with clickable words. It
 * is one person's: rendered for each request with the reader's login, never cached or indexed.
 */
export default async function MyBookPage(props: Props) {
  const { bookId, chapter, page, contents } = await requested(props);
  const answer = await read(bookId, chapter, page, contents);
  if (answer.kind === 'missing') notFound();
  if (answer.kind === 'login') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <LoginPrompt testId="book-login-prompt" message="登录后才能阅读你书架上的书。" />
      </div>
    );
  }
  // A page of the contents asked for by name: the contents stay open where the reader was.
  return <BookView book={answer.book} contentsOpen={contents !== undefined} />;
}
