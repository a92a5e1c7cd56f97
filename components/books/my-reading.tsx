import { Link } from '@/components/ui/link';
import { Bookshelf } from './bookshelf';
import { LoginPrompt } from '@/components/account/login-prompt';
import { pathFor } from '@/lib/routes/route-table';

const personal = [
  { href: pathFor('Words'), title: '单词本', detail: '查过的单词，生词与熟词。' },
  { href: pathFor('Sentences'), title: '句子本', detail: '收藏和分析过的句子。' },
  { href: pathFor('ContextualDictHistory'), title: '查词历史', detail: '查过的句子与单词。' },
  { href: pathFor('Admin'), title: '个人中心', detail: '会员、订单与账号。' },
];

/** 我的 (`/me`): the learner's own books and history; a visitor is asked to log in. */
export function MyReading({ loggedIn }: { loggedIn: boolean }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">我的</h1>
        <p className="mt-1 text-sm text-ink-soft">书架、单词本、句子本和查词历史都在这里。</p>
      </header>
      {loggedIn ? <Bookshelf /> : null}
      {loggedIn ? (
        <ul data-testid="my-links" className="grid gap-3 sm:grid-cols-2">
          {personal.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300"
              >
                <span className="font-medium text-brand-700">{item.title}</span>
                <span className="mt-1 block text-sm text-ink-soft">{item.detail}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <LoginPrompt testId="my-login-prompt" message="登录后，这里会列出你的单词本、句子本和查词历史。" />
      )}
    </div>
  );
}
