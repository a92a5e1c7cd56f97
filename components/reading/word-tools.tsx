import { Link } from '@/components/ui/link';
import { pathFor } from '@/lib/routes/route-table';

/** What 单词 offers today beside the category's own documents: the learner's word books and lookups. */
const tools = [
  { href: pathFor('Words'), title: '单词本', detail: '查过的单词，标记生词与熟词，按来源筛选。' },
  { href: pathFor('ContextualDictHistory'), title: '查词历史', detail: '查过的句子与单词，回到当时的语境。' },
  { href: pathFor('ContextualDict'), title: '语境词典', detail: '粘贴英文，点击任意单词，得到贴合上下文的释义。' },
];

export function WordTools() {
  return (
    <ul data-testid="word-tools" className="grid gap-3 sm:grid-cols-3">
      {tools.map((tool) => (
        <li key={tool.href}>
          <Link href={tool.href} className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300">
            <span className="font-medium text-brand-700">{tool.title}</span>
            <span className="mt-1 block text-sm text-ink-soft">{tool.detail}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
