import { Link } from '@/components/ui/link';
import type { AssessmentResult } from '@/lib/contract';
import { courseCategoryHref, courseDetailHref } from '@/lib/routes/course-links';

const number = (n: number) => n.toLocaleString('zh-CN');

/** The estimate, the exam levels and the books to start with. */
export function AssessmentResultView({ result }: { result: AssessmentResult }) {
  const { answers } = result;
  return (
    <div data-testid="assessment-result" className="flex flex-col gap-6">
      <section className="rounded-2xl bg-brand-600 px-6 py-6 text-white">
        <p className="text-sm opacity-90">你的词汇量约为</p>
        <p className="mt-1 text-5xl font-semibold tabular-nums" data-testid="assessment-size">
          {number(result.size)}
          <span className="ml-2 text-base font-normal">词</span>
        </p>
        <p className="mt-2 text-sm opacity-90" data-testid="assessment-range">
          大概率在 {number(result.low)} – {number(result.high)} 之间
          {result.complete ? '' : '（提前结束，估计范围较宽）'}
        </p>
        <p className="mt-3 text-lg" data-testid="assessment-level">
          {result.level ? `已达到「${result.level.label}」词汇水平` : `还未达到「${result.levels[0]?.label ?? '小学'}」词汇水平`}
        </p>
      </section>

      <section aria-labelledby="assessment-levels" className="flex flex-col gap-2">
        <h2 id="assessment-levels" className="text-lg font-semibold">
          各考试词表
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {result.levels.map((level) => (
            <li
              key={level.exam}
              data-testid="assessment-exam"
              data-reached={level.reached}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2"
            >
              <span>
                <span className="font-medium">{level.label}</span>
                <span className="ml-2 text-xs text-ink-mute">约需 {number(level.threshold)} 词</span>
              </span>
              <span className={level.reached ? 'text-sm text-green-700' : 'text-sm text-ink-soft'}>
                {level.reached ? '✓ 已达到' : `认识约 ${Math.round(level.coverage * 100)}%`}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-ink-mute">「约需」是认识该词表 80% 的词所需的词汇量（词表取自课程词书，按词频由易到难）。</p>
      </section>

      {result.recommendations.length > 0 ? (
        <section aria-labelledby="assessment-books" className="flex flex-col gap-2">
          <h2 id="assessment-books" className="text-lg font-semibold">
            推荐从这些词书开始
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {result.recommendations.map((book) => (
              <li key={book.book_id} data-testid="assessment-book" className="rounded-xl border border-slate-200 bg-white p-4">
                <Link
                  href={courseDetailHref({ category: book.category, type: 'word' })}
                  className="font-medium text-brand-700 hover:underline"
                >
                  《{book.name}》
                </Link>
                <p className="mt-1 text-sm text-ink-soft">{book.reason}</p>
                <p className="mt-1 text-xs text-ink-mute">
                  共 {number(book.items)} 词 ·{' '}
                  <Link href={courseCategoryHref(book.category)} className="hover:underline">
                    全部课程
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <details className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-ink-soft">
        <summary className="cursor-pointer">怎么估算的</summary>
        <p className="mt-2">
          你对 {answers.words.asked} 个真词中的 {answers.words.yes} 个选了「认识」，对 {answers.pseudo.asked}{' '}
          个假词（看起来像英文、其实不存在的词）中的 {answers.pseudo.yes} 个选了「认识」。
          {answers.meaning.asked > 0
            ? `释义检验答对 ${answers.meaning.correct}/${answers.meaning.asked}，${
                result.meaning_effect === 'lowered' ? '因此下调了估计' : '确认了估计'
              }。`
            : ''}
        </p>
        <p className="mt-2">
          词汇量按一部常用英汉词典里按语料库词频排序的约 2.8
          万个词目计算：根据你在不同词频段的回答，估计认识的词数，并用假词和释义检验扣除猜测的部分。
        </p>
      </details>
    </div>
  );
}
