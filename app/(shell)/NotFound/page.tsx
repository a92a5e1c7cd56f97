import { notFound } from 'next/navigation';

/**
 * Where guards send unknown values (an unknown /aiBook category). proxy.ts answers this path with
 * the server-rendered not-found page; should a request reach this page anyway, it still answers
 * 404 (a page cannot set its status, notFound() does).
 */
export default function NotFoundPage(): never {
  notFound();
}
