import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { FreeUsesLine } from '@/components/membership/free-uses-line';
import { deliveredFeatures } from '@/lib/bff/membership';
import { offered } from '@/lib/membership/benefits';
import { pathFor } from '@/lib/routes/route-table';

export const metadata: Metadata = {
  title: '免费试用',
  description: '不用注册就能试：语境词典点词查义、句子成分分析、拍照识别英文、写作检查和词汇量测试。',
  alternates: { canonical: '/UseForFree' },
};

/**
 * The tools a visitor can try from here, each with what it does and where it is; the AI tutor is
 * named only where the running product has a model.
 */
const triesOf = (tutor: boolean) => [
  {
    href: pathFor('UseForFreeDict'),
    testId: 'try-dict',
    title: '语境词典',
    text: '点击英文里的任意单词，得到它在这句话里的意思，还有英美发音、构词和同义词。',
    action: '试试点词查义',
  },
  {
    href: pathFor('UseForFreeSent'),
    testId: 'try-sentence',
    title: '句子分析',
    text: `把一个长难句一层层拆开：主干、从句、各成分的作用和语法点，${tutor ? '还能追问 AI 老师。' : '还能就任何部分追问。'}`,
    action: '试试分析句子',
  },
  {
    href: pathFor('ContextualDict'),
    testId: 'try-photo',
    title: '拍照识别',
    text: '拍一张英文书页或试卷，识别成文字，校对后逐词点查。',
    action: '拍照或选图片',
  },
  {
    href: pathFor('writer'),
    testId: 'try-writer',
    title: '写作助手',
    text: '粘贴作文或邮件，标出拼写、主谓一致、冠词等问题并用中文说明，给出词汇水平。',
    action: '检查一篇作文',
  },
  {
    href: pathFor('assessment'),
    testId: 'try-assessment',
    title: '词汇量测试',
    text: '三分钟估算你的词汇量和能达到的考试水平，推荐从哪本词书开始。',
    action: '开始测试',
  },
  {
    href: pathFor('readingList'),
    testId: 'try-reading',
    title: '英文阅读',
    text: '分级读物、经典名著和短文，边读边点词，整句朗读。',
    action: '去读一篇',
  },
];

/**
 * /UseForFree: the free-trial landing. Rendered on the server (it is the same for everyone);
 * only the counts of today's free uses are read in the browser, from the upstream's own table.
 */
export default async function UseForFreePage() {
  const tries = triesOf(offered(await deliveredFeatures(), 'ask_tutor'));
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 md:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold md:text-3xl">免费试用语境</h1>
        <p className="max-w-2xl text-ink-soft">
          不用注册，打开就能用：读真实的英文，点一个词就知道它在这句话里的意思；长句拆开看，作文有人帮你查。
        </p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tries.map((t) => (
          <li key={t.href} className="flex">
            <Link
              href={t.href}
              data-testid={t.testId}
              className="flex w-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 transition hover:border-brand-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span className="text-lg font-semibold text-ink">{t.title}</span>
              <span className="flex-1 text-sm leading-relaxed text-ink-soft">{t.text}</span>
              <span className="text-sm font-medium text-brand-700">{t.action} →</span>
            </Link>
          </li>
        ))}
      </ul>
      <FreeUsesLine />
      <p className="text-sm text-ink-soft">
        想不限次数地查词和分析？
        <Link href={pathFor('vip')} className="ml-1 font-medium text-brand-700 hover:underline">
          了解会员
        </Link>
      </p>
    </div>
  );
}
