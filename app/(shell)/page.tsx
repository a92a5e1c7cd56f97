import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { DocumentList } from '@/components/reading/document-list';
import { PortalLearner } from '@/components/reading/portal-learner';
import { unlessUnavailable } from '@/lib/bff/errors';
import { deliveredFeatures } from '@/lib/bff/membership';
import { recentDocuments } from '@/lib/bff/reading-lists';
import { offered } from '@/lib/membership/benefits';
import { categoryLabels, contentCategories } from '@/lib/contract/categories';
import { categoryHref } from '@/lib/reading/categories';
import { toolItems } from '@/lib/routes/menus';
import { pathFor } from '@/lib/routes/route-table';
import { Button, buttonClass } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';

export const metadata: Metadata = {
  alternates: { canonical: '/' },
};

// The portal's categories: every content category with a list page (the menu's reading
// categories, then the lists of their own); exam papers are reached from their courses.
const portalCategories = contentCategories.filter((category) => category !== 'paper');

const picks = 6;

// The menu's tools but the two whose forms are the page's first section.
const portalTools = toolItems.filter((tool) => tool.key !== 'dictionary' && tool.key !== 'analysis');

/**
 * The front door (spec section 2, `/`): paste a text into the dictionary or the sentence
 * analysis, today's picks from the library, the categories, and a logged-in learner's own
 * lookups and words (a client island: the page's own HTML is the same for everyone). The forms are
 * plain GET forms: they work before any script loads.
 */
export default async function PortalPage() {
  const [recent, delivered] = await Promise.all([unlessUnavailable(recentDocuments(picks)), deliveredFeatures()]);
  // The model's tutor and translation are promised only where the operator has switched one on.
  const tutor = offered(delivered, 'ask_tutor');
  const translation = offered(delivered, 'translate');
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 md:py-16">
      <section>
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">在语境中读懂英语</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">
          点击句子中的任何单词，得到最贴合这句话的释义，以及英美发音、构词、同义词和例句；把句子拆成成分
          {tutor ? '，向 AI 老师提问。' : '，看懂其中的语法点。'}
        </p>
      </section>

      <section aria-labelledby="portal-try" className="grid gap-4 md:grid-cols-2">
        <h2 id="portal-try" className="sr-only">
          查词与句子分析
        </h2>
        <PasteForm
          action="/ContextualDictAPI"
          field="text"
          testId="portal-dict-form"
          label="语境查词"
          placeholder="粘贴一段英文，然后点击其中任意单词"
          submit="开始查词"
          maxLength={20_000}
        />
        <PasteForm
          action={pathFor('chatSentence')}
          field="sentence"
          testId="portal-sentence-form"
          label="句子分析"
          placeholder={translation ? '输入一个英文句子，看它的成分、语法和翻译' : '输入一个英文句子，看它的成分和语法'}
          submit="分析句子"
        />
      </section>

      <section aria-labelledby="portal-tools">
        <h2 id="portal-tools" className="mb-3 text-xl font-semibold">
          学习工具
        </h2>
        <ul data-testid="portal-tools" className="flex flex-wrap gap-2">
          {portalTools.map((tool) => (
            <li key={tool.key}>
              <Link href={tool.href} className={buttonClass({ tone: 'secondary', size: 'sm', shape: 'pill' })}>
                {tool.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <PortalLearner />

      <section aria-labelledby="portal-picks">
        <h2 id="portal-picks" className="mb-3 text-xl font-semibold">
          今日推荐
        </h2>
        {recent === null ? (
          <p className="text-sm text-ink-mute">推荐暂时无法读取，请稍后刷新。</p>
        ) : recent.length === 0 ? (
          <p className="text-sm text-ink-mute">暂时还没有文章，稍后再来看看。</p>
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
              <Link href={categoryHref(category)} className={buttonClass({ tone: 'secondary', size: 'sm', shape: 'pill' })}>
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

/** A plain GET form that takes pasted English to a page: it works before any script loads. */
function PasteForm({
  action,
  field,
  testId,
  label,
  placeholder,
  submit,
  maxLength,
}: {
  action: string;
  field: string;
  testId: string;
  label: string;
  placeholder: string;
  submit: string;
  maxLength?: number;
}) {
  const id = `portal-${field}`;
  return (
    <form
      action={action}
      method="get"
      data-testid={testId}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <Textarea
        id={id}
        name={field}
        lang="en"
        required
        maxLength={maxLength}
        rows={4}
        placeholder={placeholder}
        className="w-full resize-y text-sm"
      />
      <Button type="submit" className="self-start">
        {submit}
      </Button>
    </form>
  );
}
