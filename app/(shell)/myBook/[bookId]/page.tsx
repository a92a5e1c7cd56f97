import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BookView } from '@/components/books/book-view';
import { LoginPrompt } from '@/components/login/login-prompt';
import { readMyBook } from '@/lib/bff/books';

interface Props {
  params: Promise<{ bookId: string }>;
  searchParams: Promise<{ chapter?: string | string[] }>;
}

// One read per request for the metadata and the page.
const read = cache(readMyBook);

async function requested({ params, searchParams }: Props) {
  const bookId = Number((await params).bookId);
  const raw = (await searchParams).chapter;
  const chapter = typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : undefined;
  return { bookId, chapter };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { bookId, chapter } = await requested(props);
  const answer = await read(bookId, chapter);
  return { title: answer.kind === 'book' ? answer.book.title : '我的书', robots: { index: false, follow: false } };
}

/**
 * A personal book (made on /uploadBook), chapter by chapter, with clickable words. It is one
 * person's: rendered for each request with the reader's login, never cached or indexed.
 */
export default async function MyBookPage(props: Props) {
  const { bookId, chapter } = await requested(props);
  const answer = await read(bookId, chapter);
  if (answer.kind === 'missing') notFound();
  if (answer.kind === 'login') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <LoginPrompt testId="book-login-prompt" message="登录后才能阅读你书架上的书。" />
      </div>
    );
  }
  return <BookView book={answer.book} />;
}
