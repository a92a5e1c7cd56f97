'use client';

// A client component so that its words stay out of every other page's flight data: the layouts'
// not-found boundaries are serialized into each page's payload, and a search engine or a check for
// the not-found text would otherwise find 页面不存在 on pages that exist. Only its reference goes
// into that payload, by its export's name: a name that does not say "not found" either.
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';

/** What every not-found answer shows: unknown paths, /NotFound, and pages that call notFound(). */
export function MissingPage() {
  return (
    <section data-testid="not-found" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center md:py-24">
      <p aria-hidden className="text-6xl font-semibold tracking-tight text-brand-500">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">页面不存在</h1>
      <p className="mt-2 text-ink-soft">您访问的页面不存在或已被移动。</p>
      <Link href="/" data-testid="not-found-home" className={buttonClass({ size: 'lg' }, 'mt-8')}>
        返回首页
      </Link>
    </section>
  );
}
