import Link from 'next/link';

/** What every not-found answer shows: unknown paths, /NotFound, and pages that call notFound(). */
export function NotFoundContent() {
  return (
    <section data-testid="not-found" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center md:py-24">
      <p aria-hidden className="text-6xl font-semibold tracking-tight text-brand-500">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">页面不存在</h1>
      <p className="mt-2 text-ink-soft">您访问的页面不存在或已被移动。</p>
      <Link
        href="/"
        data-testid="not-found-home"
        className="mt-8 rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        返回首页
      </Link>
    </section>
  );
}
