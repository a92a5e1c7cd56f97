import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { LibraryUnavailable } from '@/components/reading/list-states';
import type { CallData } from '@/lib/contract';
import { frequentWordTypes } from '@/lib/contract/calls/courses';
import { Pager } from '@/components/reading/pager';
import { pageCount } from '@/lib/reading/paging';
import { courseBookCategories, courseBookLabels } from '@/lib/contract/categories';
import {
  courseCategoryHref,
  frequentWordsHref,
  frequentWordTypeLabels,
  type FrequentWordsAddress,
} from '@/lib/routes/course-links';

/**
 * The frequent-words list: the words that occur most in a category's exam papers (or, without
 * papers, its word list by frequency), a page at a time, with plain links between categories,
 * parts of speech and pages, so a crawler reaches every page. Rendered on the server; `data` is
 * null when the upstream could not be read.
 */
/** What the counts were made over, in plain Chinese: "6 套模拟卷、20 篇四级文章". */
function materialOf(data: CallData<'get_frequent_words'>): string {
  const parts = [
    data.mock_papers > 0 && `${data.mock_papers} 套模拟卷`,
    data.real_papers > 0 && `${data.real_papers} 套真题`,
    data.documents > 0 && `${data.documents} 篇${courseBookLabels[data.subcategory]}文章`,
  ].filter(Boolean);
  return parts.join('、');
}

export function FrequentWordsPage({
  address,
  data,
}: {
  address: FrequentWordsAddress;
  data: CallData<'get_frequent_words'> | null;
}) {
  if (data && data.total > 0 && address.page > pageCount(data.total, address.pageSize)) notFound();
  const label = courseBookLabels[address.subcategory];

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">{label}高频词</h1>
        <p className="mt-1 text-sm text-ink-soft" data-testid="frequent-source">
          {!data
            ? '按出现次数排序的考试词汇。'
            : data.source === 'exam_material'
              ? `统计${materialOf(data)}，按单词在其中出现的次数排序。`
              : `${label}考纲词汇按常用程度排序；次数为单词在全部文章中出现的次数（还没有${label}的试卷和文章）。`}
        </p>
        <Link href={courseCategoryHref(address.subcategory)} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
          去学习{label}课程 →
        </Link>
      </header>
      <LinkChips
        label="考试类别"
        items={courseBookCategories.map((c) => ({
          key: c,
          text: courseBookLabels[c],
          href: frequentWordsHref({ ...address, subcategory: c, page: 1 }),
          current: c === address.subcategory,
        }))}
      />
      <LinkChips
        label="词性"
        items={frequentWordTypes.map((t) => ({
          key: t,
          text: frequentWordTypeLabels[t],
          href: frequentWordsHref({ ...address, wordType: t, page: 1 }),
          current: t === address.wordType,
        }))}
      />
      {!data ? (
        <LibraryUnavailable />
      ) : data.words.length === 0 ? (
        <p
          data-testid="frequent-empty"
          className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm"
        >
          这里还没有单词。
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-mute">共 {data.total.toLocaleString('zh-CN')} 个单词</p>
          <ol data-testid="frequent-words" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {data.words.map((w) => (
              <li key={w.position} data-testid="frequent-word" className="flex gap-3 px-4 py-3">
                <span className="w-10 shrink-0 pt-0.5 text-right text-sm text-ink-mute tabular-nums">{w.position}</span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-3">
                    <span lang="en" className="text-lg font-medium">
                      {w.word}
                    </span>
                    {w.phonetic_symbol.first && (
                      <span lang="en" className="text-sm text-ink-soft">
                        英 /{w.phonetic_symbol.first}/
                      </span>
                    )}
                    {w.phonetic_symbol.second && (
                      <span lang="en" className="text-sm text-ink-soft">
                        美 /{w.phonetic_symbol.second}/
                      </span>
                    )}
                  </p>
                  {w.senses.length > 0 && (
                    <p className="mt-1 text-sm text-ink-soft">
                      {w.senses.map((s) => `${s.pos ? `${s.pos} ` : ''}${s.meaning}`).join('；')}
                    </p>
                  )}
                </div>
                <span className="shrink-0 pt-0.5 text-sm text-ink-mute" title="出现次数">
                  {w.count.toLocaleString('zh-CN')} 次
                </span>
              </li>
            ))}
          </ol>
          <Pager
            page={address.page}
            pages={pageCount(data.total, address.pageSize)}
            hrefOf={(page) => frequentWordsHref({ ...address, page })}
          />
        </>
      )}
    </div>
  );
}

/** A row of links, one of them the current page: the categories, the parts of speech. */
function LinkChips({ label, items }: { label: string; items: { key: string; text: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {items.map((item) => (
          <li key={item.key} className="shrink-0">
            <Link
              href={item.href}
              aria-current={item.current ? 'page' : undefined}
              className={`inline-flex whitespace-nowrap rounded-full border px-3 py-1 text-sm ${
                item.current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white hover:bg-slate-50'
              }`}
            >
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
