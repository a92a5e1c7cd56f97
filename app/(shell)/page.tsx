import type { Metadata } from 'next';
import Link from 'next/link';
import { DocumentList } from '@/components/reading/document-list';
import { PortalLearner } from '@/components/reading/portal-learner';
import { isUnavailable, recentDocuments } from '@/lib/bff/reading-lists';
import type { DocumentSummary } from '@/lib/contract/calls/content';
import type { ContentCategory } from '@/lib/contract/content';
import { categoryHref, categoryLabels } from '@/lib/reading/categories';
import { pathFor } from '@/lib/routes/route-table';

export const metadata: Metadata = {
  alternates: { canonical: '/' },
};

// The portal's categories: the menu's reading categories, then the lists of their own.
const portalCategories: ContentCategory[] = [
  'postgraduate',
  'primary_school',
  'junior_high_school',
  'high_school',
  'cet4',
  'cet6',
  'ielts',
  'new_concept_english',
  'sentence',
  'essay',
  'bookworm',
  'classic',
  'word',
  'news',
  'short_story',
  'reading',
  'listening',
];

const picks = 6;

/**
 * The front door (spec section 2, `/`): paste a text into the dictionary or the sentence
 * analysis, today's picks from the library, the categories, and a logged-in learner's own
 * lookups and words (a client island, so this HTML is the same for everyone). The forms are
 * plain GET forms: they work before any script loads.
 */
export default async function PortalPage() {
  let recent: DocumentSummary[] | null;
  try {
    recent = await recentDocuments(picks);
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    recent = null;
  }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 md:py-16">
      <section>
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">在语境中读懂英语</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">
          点击句子中的任何单词，得到最贴合这句话的释义，以及英美发音、构词、同义词和例句；把句子拆成成分，向 AI 老师提问。
        </p>
      </section>

      <section aria-labelledby="portal-try" className="grid gap-4 md:grid-cols-2">
        <h2 id="portal-try" className="sr-only">
          查词与句子分析
        </h2>
        <form
          action="/ContextualDictAPI"
          method="get"
          data-testid="portal-dict-form"
          className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <label htmlFor="portal-text" className="font-medium">
            语境查词
          </label>
          <textarea
            id="portal-text"
            name="text"
            lang="en"
            required
            maxLength={20_000}
            rows={4}
            placeholder="粘贴一段英文，然后点击其中任意单词"
            className="w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <button
            type="submit"
            className="h-9 self-start rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            开始查词
          </button>
        </form>
        <form
          action={pathFor('chatSentence')}
          method="get"
          data-testid="portal-sentence-form"
          className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <label htmlFor="portal-sentence" className="font-medium">
            句子分析
          </label>
          <textarea
            id="portal-sentence"
            name="sentence"
            lang="en"
            required
            rows={4}
            placeholder="输入一个英文句子，看它的成分、语法和翻译"
            className="w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <button
            type="submit"
            className="h-9 self-start rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            分析句子
          </button>
        </form>
      </section>

      <PortalLearner />

      <section aria-labelledby="portal-picks">
        <h2 id="portal-picks" className="mb-3 text-xl font-semibold">
          今日推荐
        </h2>
        {recent === null ? (
          <p className="text-sm text-ink-mute">推荐暂时无法读取，请稍后刷新。</p>
        ) : recent.length === 0 ? (
          <p className="text-sm text-ink-mute">内容库还是空的：运营者导入文章后，这里会推荐最新的内容。</p>
        ) : (
          <DocumentList documents={recent} testId="portal-picks" />
        )}
      </section>

      <section aria-labelledby="portal-categories">
        <h2 id="portal-categories" className="mb-3 text-xl font-semibold">
          分类阅读
        </h2>
        <ul data-testid="portal-categories" className="flex flex-wrap gap-2">
          {portalCategories.map((category) => (
            <li key={category}>
              <Link
                href={categoryHref(category)}
                className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
              >
                {categoryLabels[category]}
              </Link>
            </li>
          ))}
          <li>
            <Link
              href={pathFor('CategoryIndex')}
              className="inline-block rounded-full px-3 py-1.5 text-sm font-medium text-brand-700 hover:underline"
            >
              全部分类 →
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
