import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { deliveredFeatures } from '@/lib/bff/membership';
import type { MeteredFeature } from '@/lib/contract/calls/metering';
import { offered } from '@/lib/membership/benefits';

const description = '语境是为中文母语的英语学习者打造的网页应用：在句子中点词查义，拆解句子成分和语法，按考试和年级阅读、背词。';

export const metadata: Metadata = {
  title: '关于我们',
  description,
  alternates: { canonical: '/AboutUs' },
};

/** What the product does, with the model's parts only where the running product has a model. */
function featuresOf(delivered: readonly MeteredFeature[] | null) {
  const translate = offered(delivered, 'translate');
  const tutor = offered(delivered, 'ask_tutor');
  const review = offered(delivered, 'writer_review');
  return [
    {
      title: '语境词典',
      text: '在句子中点击任何一个单词，得到最贴合这句话的释义，而不是一长串义项。每个词都附有英式和美式发音与朗读、构词（词根词缀）、同义词、词形变化和例句。',
    },
    {
      title: '句子分析',
      text: `${translate ? '整句翻译，' : ''}拆解句子成分，列出其中的语法点。${
        tutor
          ? '对整句或其中任何一部分还有疑问，可以继续向 AI 老师提问。'
          : '对其中任何一部分还有疑问，可以点开它追问主干、修饰关系和语法。'
      }`,
    },
    {
      title: '分级阅读与考试词表',
      text: '按小学、中考、高考、考研、四级、六级、雅思和新概念分类的课本、模拟卷与阅读文章，以及按考试整理的高频词表；读到的生词和句子可以收进自己的词本和句本，按记忆规律复习。',
    },
    {
      title: '写作与测试',
      text: `写作助手检查拼写、主谓一致、冠词等问题并用中文说明${review ? '，还有 AI 点评和修改稿' : ''}；词汇量测试估算你的水平，推荐从哪本词书开始。`,
    },
    {
      title: '会员',
      text: '不开通会员也能使用，但有次数限制。会员按月或按年开通，用微信支付；开通后不再限制使用次数，并能识别整篇文章中的词组。',
    },
  ];
}

/** Server-rendered: what the product does, nothing it cannot back up. */
export default async function AboutUsPage() {
  const features = featuresOf(await deliveredFeatures());
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <h1 className="text-3xl font-semibold tracking-tight">关于我们</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">
        语境是为中文母语的英语学习者打造的网页应用。我们相信，一个词的意思要放回它所在的句子里才读得懂：所以在语境里，查词从句子开始。
      </p>

      <h2 className="mt-10 text-xl font-semibold">语境能做什么</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {features.map((f) => (
          <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold">{f.title}</h3>
            <p className="mt-2 leading-relaxed text-ink-soft">{f.text}</p>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-xl font-semibold">在哪里使用</h2>
      <p className="mt-3 leading-relaxed text-ink-soft">
        语境在电脑、平板和手机的浏览器中都能使用，也可以在微信里直接打开。可以用手机号、邮箱验证码或微信登录。
      </p>

      <Link href="/" className={buttonClass({ size: 'lg' }, 'mt-10')}>
        开始使用
      </Link>
    </article>
  );
}
