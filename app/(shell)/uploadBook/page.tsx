import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { UploadBookForm } from '@/components/books/upload-book-form';
import { pathFor } from '@/lib/routes/route-table';

export const metadata: Metadata = {
  title: '上传制书',
  description: '上传英文书（TXT、Markdown、EPUB、PDF），做成可以点词查义的个人书。',
  robots: { index: false },
};

export default function UploadBookPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 md:py-12">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">上传制书</h1>
          <p className="mt-1 text-sm text-ink-soft">把自己的英文书做成可以点词查义的书，按章节阅读，并列出其中的生词。</p>
        </div>
        <Link href={pathFor('index', { product: 'me' })} className="text-sm text-brand-600 hover:underline">
          我的书架 →
        </Link>
      </header>
      <UploadBookForm />
    </div>
  );
}
