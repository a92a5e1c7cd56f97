import { Link } from '@/components/ui/link';
import { pathFor } from '@/lib/routes/route-table';

/*
 * What a list says when it has nothing to show: what the learner can read meanwhile, never how an
 * operator would fill it (that is the README's, "The content library" and "News feeds"). A library
 * that could not be read says that instead of pretending to be empty.
 */

const elsewhere = [
  { href: pathFor('CategoryIndex'), title: '看看其他分类', detail: '文章、故事和名著，点任何一个词都能查到它在句子里的意思。' },
  { href: pathFor('ContextualDict'), title: '读你自己的英文', detail: '把任何一段英文粘贴到语境词典，逐词查询、分析句子。' },
  { href: pathFor('uploadBook'), title: '上传一本书', detail: '上传 EPUB、PDF 或文本，在书架上接着读。' },
] as const;

export function EmptyLibrary({ label }: { label: string }) {
  return (
    <div data-testid="empty-category" className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-sm">
      <p className="font-medium">「{label}」暂时还没有内容。</p>
      <p className="mt-1 text-ink-soft">这里的文章上架后会出现在这里。现在你可以：</p>
      <ul className="mt-3 flex flex-col gap-2">
        {elsewhere.map((item) => (
          <li key={item.href}>
            <Link href={item.href} className="font-medium text-brand-600 hover:underline">
              {item.title}
            </Link>
            <span className="ml-2 text-ink-mute">{item.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LibraryUnavailable() {
  return (
    <div
      role="alert"
      data-testid="library-unavailable"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-900"
    >
      文章暂时无法读取，请稍后刷新重试。
    </div>
  );
}
