'use client';

import { useEffect, useRef, useState } from 'react';
import { type TestResult, useTestAnswer } from '@/lib/client/courses/queries';
import { errorMessage } from '@/lib/client/word-lists/queries';
import type { ReadingQuestion } from '@/lib/contract/calls/courses';
import { ClickableText } from '@/components/dictionary/clickable-text';
import { LessonProgress, type LessonProps } from './lesson-parts';
import { Link } from '@/components/ui/link';
import { pathFor } from '@/lib/routes/route-table';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * /aiBook/reading-question/class: an exam paper, section by section — each section's text (words
 * clickable) followed by its questions — and the answers sent to get_test_answer, which gives the
 * score and each question's answer, the passage's words that decide it, and the explanation. A
 * translation is written by the learner for themselves and compared with the reference after
 * handing in; it is not scored. The question last answered is the learner's position; handing in
 * finishes the unit.
 */
export function QuestionLesson({ content, start, save, links }: LessonProps<'reading-question'>) {
  const { questions, paragraphs, sections } = content;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const check = useTestAnswer(content.course_id, content.unit);
  const result = check.data;
  const paper = useRef<HTMLDivElement>(null);

  // Back where the learner stopped: the question they were at.
  useEffect(() => {
    if (start > 0) paper.current?.querySelectorAll('[data-testid="question"]')[start]?.scrollIntoView({ block: 'center' });
  }, [start]);

  const choose = (question: ReadingQuestion, key: string) => {
    if (result) return;
    setAnswers((a) => ({ ...a, [String(question.number)]: key }));
    save(
      questions.findIndex((q) => q.number === question.number),
      false,
    );
  };
  const submit = () => {
    check.mutate(answers, {
      onSuccess: () => {
        save(Math.max(questions.length - 1, 0), true);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
    });
  };
  const restart = () => {
    check.reset();
    setAnswers({});
    setDrafts({});
    save(0, false);
  };

  const scored = questions.filter((q) => q.type !== 'translation');
  const answered = scored.filter((q) => answers[String(q.number)]).length;

  // The paper's parts: the paragraphs before its first heading, then each section with its
  // questions. A paper without headings is one part holding every question.
  const parts = sections.length
    ? [
        ...(sections[0].paragraph > 0
          ? [{ key: 'intro', title: null, paragraphs: paragraphs.slice(0, sections[0].paragraph), questions: [] }]
          : []),
        ...sections.map((s, i) => ({
          key: `section-${s.number}`,
          title: s.title,
          paragraphs: paragraphs.slice(s.paragraph + 1, sections[i + 1]?.paragraph ?? paragraphs.length),
          questions: questions.filter((q) => q.section === s.number),
        })),
        {
          key: 'rest',
          title: null,
          paragraphs: [],
          questions: questions.filter((q) => !sections.some((s) => s.number === q.section)),
        },
      ]
    : [{ key: 'paper', title: null, paragraphs, questions }];

  return (
    <div ref={paper} className="flex flex-1 flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
        <span
          data-testid="paper-kind"
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
            content.paper_kind === '模拟' ? 'bg-sky-100 text-sky-800' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {content.paper_kind}
        </span>
        {content.paper_kind === '模拟' ? '语境编写的模拟练习，按考试题型出题，不是历年真题。' : '历年考试真题。'}
      </p>
      {result ? (
        <ScoreCard result={result} links={links} onRestart={restart} />
      ) : (
        <LessonProgress at={answered} total={scored.length} label="已答题数" />
      )}
      <h2 lang="en" className="text-xl font-semibold">
        {content.document.title}
      </h2>
      {questions.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm">
          这套试卷没有题目。
        </p>
      )}
      {parts.map((part) =>
        part.paragraphs.length || part.questions.length || part.title ? (
          <section key={part.key} data-testid="paper-section" className="flex flex-col gap-4">
            {(part.title || part.paragraphs.length > 0) && (
              <article data-testid="question-passage" className="rounded-2xl border border-slate-200 bg-white p-5 md:p-8">
                {part.title && <h3 className="mb-3 text-lg font-semibold text-brand-800">{part.title}</h3>}
                <div className="flex flex-col gap-4">
                  {part.paragraphs.map((paragraph) => (
                    <ClickableText key={paragraph[0]?.id} text={paragraph.map((s) => s.text).join(' ')} from="course" />
                  ))}
                </div>
              </article>
            )}
            {part.questions.length > 0 && (
              <Questions
                questions={part.questions}
                answers={answers}
                drafts={drafts}
                result={result}
                onChoose={choose}
                onDraft={(q, text) => setDrafts((d) => ({ ...d, [String(q.number)]: text }))}
              />
            )}
          </section>
        ) : null,
      )}
      {!result && questions.length > 0 && (
        <div className="sticky bottom-0 -mx-4 mt-auto flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
          <HandIn check={check} answered={answered} scored={scored.length} onSubmit={submit} size="lg" />
        </div>
      )}
    </div>
  );
}

/** How many questions are answered, and 交卷 (with the failure, when handing in failed). */
export function HandIn({
  check,
  answered,
  scored,
  onSubmit,
  size,
}: {
  check: Pick<ReturnType<typeof useTestAnswer>, 'isError' | 'error' | 'isPending'>;
  answered: number;
  scored: number;
  onSubmit: () => void;
  size?: 'lg';
}) {
  return (
    <>
      <span className="text-sm text-ink-soft">
        已答 {answered} / {scored} 题
      </span>
      <span className="flex-1" />
      {check.isError && (
        <span role="alert" className="text-sm text-red-600">
          提交失败：{errorMessage(check.error)}
        </span>
      )}
      <Button size={size} data-testid="test-submit" disabled={check.isPending} onClick={onSubmit}>
        {check.isPending ? '正在批改…' : answered < scored ? '交卷（有未答的题）' : '交卷'}
      </Button>
    </>
  );
}

/** A handed-in test's score, its misses' way into review, and where to go on ('下一套' paper, or a reading's next unit). */
export function ScoreCard({
  result,
  links,
  onRestart,
  nextLabel = '下一套',
}: {
  result: TestResult;
  links: LessonProps<'reading-question'>['links'];
  onRestart: () => void;
  nextLabel?: string;
}) {
  return (
    <section
      data-testid="test-score"
      aria-live="polite"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-center"
    >
      <p className="text-sm text-ink-soft">得分</p>
      <p className="text-4xl font-semibold text-brand-700" data-testid="test-score-value">
        {result.score}
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        答对 {result.correct} / {result.total} 题
        {result.results.some((r) => r.correct === null) && '（翻译题请对照参考译文自评，不计分）'}
      </p>
      {result.review_added > 0 && (
        <p className="mt-1 text-sm text-ink-soft" data-testid="test-review-added">
          错题里的 {result.review_added} 个关键词已连同原句加入
          <Link href={pathFor('review')} className="text-brand-700 hover:underline">
            复习
          </Link>
          。
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-center gap-3 text-sm">
        <Button tone="secondary" onClick={onRestart}>
          重新作答
        </Button>
        <Link href={links.detail} className={buttonClass({ tone: 'secondary' })}>
          返回目录
        </Link>
        {links.next && (
          <Link href={links.next} className={buttonClass()}>
            {nextLabel}
          </Link>
        )}
      </div>
    </section>
  );
}

/** A blank in a question's sentence (a gap-fill's `____`). */
const blank = /_{3,}/;

/**
 * A question's stem with its blank drawn as a line to write on, read out as 空格; once the test is
 * scored, the blank holds the right word.
 */
function Stem({ stem, fill }: { stem: string; fill?: string }) {
  const at = stem.search(blank);
  if (at < 0) return <>{stem}</>;
  const rest = stem.slice(at).replace(blank, '');
  return (
    <>
      {stem.slice(0, at)}
      <span
        data-testid="question-blank"
        className={`mx-0.5 inline-block min-w-16 border-b-2 px-1 text-center ${
          fill ? 'border-green-500 text-green-700' : 'border-brand-500'
        }`}
      >
        {fill ?? <span className="sr-only">空格</span>}
      </span>
      {rest}
    </>
  );
}

/** An option list is only letters when each option's text is its key (paragraph matching). */
const lettersOnly = (q: ReadingQuestion) => q.options.every((o) => o.text === o.key);
const sameOptions = (a: ReadingQuestion, b: ReadingQuestion) =>
  a.options.length === b.options.length && a.options.every((o, i) => o.key === b.options[i].key && o.text === b.options[i].text);

/**
 * A section's questions. Where they share one list (a word bank, 七选五, headings), the list is
 * shown once above them and each question offers only the keys.
 */
export function Questions({
  questions,
  answers,
  drafts,
  result,
  onChoose,
  onDraft,
}: {
  questions: ReadingQuestion[];
  answers: Record<string, string>;
  drafts: Record<string, string>;
  result: TestResult | undefined;
  onChoose: (q: ReadingQuestion, key: string) => void;
  onDraft: (q: ReadingQuestion, text: string) => void;
}) {
  const withOptions = questions.filter((q) => q.options.length > 0);
  const shared =
    withOptions.length > 1 && withOptions.every((q) => sameOptions(q, withOptions[0])) && !lettersOnly(withOptions[0])
      ? withOptions[0].options
      : null;
  return (
    <>
      {shared && (
        <div data-testid="shared-options" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p className="mb-2 text-sm font-medium text-ink-soft">选项</p>
          <ul lang="en" className="grid gap-1.5 text-sm sm:grid-cols-2">
            {shared.map((o) => (
              <li key={o.key}>
                <span className="font-medium">{o.key})</span> {o.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ol className="flex flex-col gap-4" data-testid="questions">
        {questions.map((q) => {
          const r = result?.results.find((x) => x.number === q.number);
          const compact = !!shared || lettersOnly(q) || q.type === 'cloze' || q.options.every((o) => !/\s/.test(o.text));
          return (
            <li
              key={q.number}
              data-testid="question"
              data-type={q.type}
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              {q.type === 'translation' ? (
                <label className="flex flex-col gap-2">
                  <span className="font-medium">
                    {q.number}. {q.stem}
                  </span>
                  <textarea
                    data-testid="translation-draft"
                    rows={4}
                    value={drafts[String(q.number)] ?? ''}
                    readOnly={!!r}
                    onChange={(e) => onDraft(q, e.target.value)}
                    placeholder="写下你的译文，交卷后对照参考译文"
                    className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                </label>
              ) : (
                <fieldset>
                  <legend lang="en" className="font-medium">
                    {q.number}. <Stem stem={q.stem} fill={r ? q.options.find((o) => o.key === r.answer)?.text : undefined} />
                  </legend>
                  <div className={`mt-3 flex gap-2 ${compact ? 'flex-row flex-wrap' : 'flex-col'}`}>
                    {q.options.map((o) => {
                      const chosen = answers[String(q.number)] === o.key;
                      const right = r && r.answer === o.key;
                      const wrongPick = r && chosen && !r.correct;
                      return (
                        <label
                          key={o.key}
                          className={`flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm ${
                            right
                              ? 'border-green-400 bg-green-50'
                              : wrongPick
                                ? 'border-red-300 bg-red-50'
                                : chosen
                                  ? 'border-brand-400 bg-brand-50'
                                  : 'border-slate-200 hover:bg-slate-50'
                          }`}
                        >
                          <input
                            type="radio"
                            name={`question-${q.number}`}
                            value={o.key}
                            checked={chosen}
                            disabled={!!result}
                            onChange={() => onChoose(q, o.key)}
                            className="mt-0.5"
                          />
                          <span lang="en">
                            <span className="font-medium">{o.key}</span>
                            {!shared && o.text !== o.key && <>. {o.text}</>}
                          </span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              )}
              {r && (
                <div
                  data-testid="question-result"
                  data-correct={r.correct}
                  className="mt-3 flex flex-col gap-1 rounded-lg bg-slate-50 px-3 py-2 text-sm"
                >
                  {r.correct === null ? (
                    <p className="text-ink">
                      参考译文：<span data-testid="reference-translation">{r.answer}</span>
                    </p>
                  ) : (
                    <p className={r.correct ? 'text-green-700' : 'text-red-700'}>
                      {r.correct ? '回答正确' : r.chosen ? `回答错误：你选了 ${r.chosen}` : '未作答'}，正确答案 {r.answer}
                    </p>
                  )}
                  {r.evidence && (
                    <p className="text-ink-soft" data-testid="question-evidence">
                      原文依据：<q lang="en">{r.evidence}</q>
                    </p>
                  )}
                  {r.explanation && <p className="text-ink-soft">{r.explanation}</p>}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
