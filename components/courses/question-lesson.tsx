'use client';

import { useEffect, useRef, useState } from 'react';
import { useTestAnswer } from '@/lib/client/courses/queries';
import { errorMessage } from '@/lib/client/word-lists/queries';
import type { ReadingQuestion } from '@/lib/contract/calls/courses';
import { PassageText } from './lesson-parts';
import { LessonProgress, type LessonProps } from './lesson-parts';
import { Link } from '@/components/ui/link';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * /aiBook/reading-question/class: an exam paper's text (words clickable) and its questions; the
 * answers go to get_test_answer, which gives the score and each question's answer and
 * explanation. The question last answered is the learner's position; submitting finishes the unit.
 */
export function QuestionLesson({ content, start, save, links }: LessonProps<'reading-question'>) {
  const { questions } = content;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const check = useTestAnswer(content.course_id, content.unit);
  const result = check.data;
  const list = useRef<HTMLOListElement>(null);

  // Back where the learner stopped: the question they were at.
  useEffect(() => {
    if (start > 0) list.current?.children[start]?.scrollIntoView({ block: 'center' });
  }, [start]);

  const choose = (question: ReadingQuestion, key: string, index: number) => {
    if (result) return;
    setAnswers((a) => ({ ...a, [String(question.number)]: key }));
    save(index, false);
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
    save(0, false);
  };

  const answered = Object.keys(answers).length;
  const resultOf = (n: number) => result?.results.find((r) => r.number === n);

  return (
    <div className="flex flex-1 flex-col gap-4">
      {result ? (
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
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-3 text-sm">
            <Button tone="secondary" onClick={restart}>
              重新作答
            </Button>
            <Link href={links.detail} className={buttonClass({ tone: 'secondary' })}>
              返回目录
            </Link>
            {links.next && (
              <Link href={links.next} className={buttonClass()}>
                下一套
              </Link>
            )}
          </div>
        </section>
      ) : (
        <LessonProgress at={answered} total={questions.length} label="已答题数" />
      )}
      <article data-testid="question-passage" className="rounded-2xl border border-slate-200 bg-white p-5 md:p-8">
        <PassageText title={content.document.title} paragraphs={content.paragraphs} />
      </article>
      {questions.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm">
          这套试卷没有题目。
        </p>
      ) : (
        <ol ref={list} className="flex flex-col gap-4" data-testid="questions">
          {questions.map((q, i) => {
            const r = resultOf(q.number);
            return (
              <li key={q.number} data-testid="question" className="rounded-xl border border-slate-200 bg-white p-4">
                <fieldset>
                  <legend lang="en" className="font-medium">
                    {q.number}. {q.stem}
                  </legend>
                  <div className="mt-3 flex flex-col gap-2">
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
                            onChange={() => choose(q, o.key, i)}
                            className="mt-0.5"
                          />
                          <span lang="en">
                            <span className="font-medium">{o.key}.</span> {o.text}
                          </span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
                {r && (
                  <div
                    data-testid="question-result"
                    data-correct={r.correct}
                    className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm"
                  >
                    <p className={r.correct ? 'text-green-700' : 'text-red-700'}>
                      {r.correct ? '回答正确' : r.chosen ? `回答错误：你选了 ${r.chosen}` : '未作答'}，正确答案 {r.answer}
                    </p>
                    {r.explanation && <p className="mt-1 text-ink-soft">{r.explanation}</p>}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {!result && questions.length > 0 && (
        <div className="sticky bottom-0 -mx-4 mt-auto flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
          <span className="text-sm text-ink-soft">
            已答 {answered} / {questions.length} 题
          </span>
          <span className="flex-1" />
          {check.isError && (
            <span role="alert" className="text-sm text-red-600">
              提交失败：{errorMessage(check.error)}
            </span>
          )}
          <Button size="lg" data-testid="test-submit" disabled={check.isPending} onClick={submit}>
            {check.isPending ? '正在批改…' : answered < questions.length ? '交卷（有未答的题）' : '交卷'}
          </Button>
        </div>
      )}
    </div>
  );
}
