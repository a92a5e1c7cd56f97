'use client';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PlayButton } from '@/components/audio/play-button';
import { Button, buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { buildLessonQuestions, isRightAnswer, type LessonQuestion, meaningOf } from '@/lib/client/courses/lesson-questions';
import { useReportLessonMisses } from '@/lib/client/courses/queries';
import { useLessonKeys } from '@/lib/client/courses/use-lesson-keys';
import type { CourseWord } from '@/lib/contract/calls/courses';
import { pathFor } from '@/lib/routes/route-table';
import { LessonFinished, LessonProgress, type LessonProps } from './lesson-parts';
import { WordAnswers, WordHead, WordMeanings } from './word-card';

/** A round of questions: the unit's words (round 0), then the words missed, practised again. */
interface Round {
  number: number;
  questions: LessonQuestion[];
}

/** How the learner answered the question in front of them. */
type Answer = { right: boolean; chosen?: number; typed?: string };

/**
 * /aiBook/word/class, 练习: the unit's words as questions that ask before they tell (recall,
 * choose the meaning, spell what you hear, fill the blank; lesson-questions.ts), the word's
 * Chinese shown only once its question is answered. Every miss goes into a logged-in learner's
 * review at once, so a lesson left half way loses none. The position stored is the question's,
 * which is the word's in the unit (round 0 asks the words in order).
 */
export function WordQuiz({ content, start, save, loggedIn, links }: LessonProps<'word'>) {
  const words = content.words;
  const [round, setRound] = useState<Round>(() => ({ number: 0, questions: buildLessonQuestions(words) }));
  const [index, setIndex] = useState(() => Math.min(start, Math.max(words.length - 1, 0)));
  const [first, setFirst] = useState(index);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [results, setResults] = useState<{ word: CourseWord; right: boolean }[]>([]);
  const [finished, setFinished] = useState(false);
  const [added, setAdded] = useState(0);
  const report = useReportLessonMisses(content.course_id, content.unit);
  const next = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLElement>(null);

  const questions = round.questions;
  const question = questions[index] as LessonQuestion | undefined;

  // The answer shown, the way on is where the keyboard is: Enter presses 下一题.
  useEffect(() => {
    if (answer) next.current?.focus({ preventScroll: true });
  }, [answer]);

  const answerWith = (a: Answer) => {
    if (!question || answer) return;
    setAnswer(a);
    setResults((r) => [...r, { word: question.word, right: a.right }]);
    if (!a.right && loggedIn) report.mutate([question.word.word], { onSuccess: (data) => setAdded((n) => n + data.added) });
  };

  const goOn = () => {
    if (!answer) return;
    setAnswer(null);
    const at = index + 1;
    if (at >= questions.length) {
      setFinished(true);
      if (round.number === 0) save(Math.max(questions.length - 1, 0), true);
      return;
    }
    setIndex(at);
    if (round.number === 0) save(at, false);
    card.current?.focus({ preventScroll: true });
  };

  const startRound = (number: number, targets: readonly CourseWord[]) => {
    setRound({ number, questions: buildLessonQuestions(targets, number === 0 ? {} : { asked: words, round: number }) });
    setIndex(0);
    setFirst(0);
    setResults([]);
    setAnswer(null);
    setFinished(false);
    setAdded(0);
    if (number === 0) save(0, false);
  };

  const choice = question?.kind === 'choice' ? question : null;
  const pick = (k: number) => () => {
    if (choice && !answer) answerWith({ right: k === choice.answer, chosen: k });
  };
  useLessonKeys(
    finished || !question
      ? {}
      : answer
        ? { Enter: goOn }
        : choice
          ? { '1': pick(0), '2': pick(1), '3': pick(2), '4': pick(3) }
          : {},
  );

  if (words.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm">本单元没有单词。</p>
    );
  }

  if (finished || !question) {
    const missed = results.filter((r) => !r.right).map((r) => r.word);
    const right = results.length - missed.length;
    return (
      <LessonFinished title="本单元的练习做完了" links={links} onRestart={() => startRound(0, words)}>
        <p className="mt-2 text-lg" data-testid="quiz-score">
          答对 <span className="font-semibold tabular-nums">{right}</span> / {results.length}
        </p>
        {missed.length > 0 && (
          <>
            <ul data-testid="quiz-missed" className="mx-auto mt-4 flex max-w-md flex-col gap-1.5 text-left">
              {missed.map((w) => (
                <li key={w.word} data-word={w.word} className="rounded-lg bg-amber-50 px-3 py-2 text-sm">
                  <span lang="en" className="font-semibold">
                    {w.word}
                  </span>
                  <span className="ml-2 text-ink-soft">{meaningOf(w) || '暂无释义'}</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-ink-soft" data-testid="quiz-review-note">
              {!loggedIn ? (
                '登录后错题会加入复习'
              ) : report.isPending ? (
                '正在加入复习…'
              ) : added > 0 ? (
                <>
                  已加入
                  <Link href={pathFor('review')} className="text-brand-700 hover:underline">
                    复习
                  </Link>
                  {` ${added} 个词`}
                </>
              ) : report.isError ? (
                '错题未能加入复习'
              ) : (
                '错题已在复习中'
              )}
            </p>
            <Button
              className="mt-4"
              data-testid="quiz-retry"
              onClick={() =>
                startRound(
                  round.number + 1,
                  missed.filter((w, i) => missed.findIndex((m) => m.word === w.word) === i),
                )
              }
            >
              再练一遍错题
            </Button>
          </>
        )}
      </LessonFinished>
    );
  }

  return (
    <div className="flex flex-1 flex-col gap-4">
      <LessonProgress
        at={index + 1}
        total={questions.length}
        label="答题进度"
        text={`第 ${index + 1} / ${questions.length} 题`}
      />
      {round.number > 0 && <p className="-mt-2 text-sm text-ink-soft">再练一遍错题</p>}
      <article
        ref={card}
        tabIndex={-1}
        key={`${round.number}-${index}`}
        data-testid="quiz-question"
        data-kind={question.kind}
        data-word={question.word.word}
        aria-label={`第 ${index + 1} 题`}
        className="rounded-2xl border border-slate-200 bg-white p-5 focus:outline-none md:p-8"
      >
        <QuestionBody question={question} answer={answer} onAnswer={answerWith} />
        {answer && <Feedback question={question} answer={answer} />}
      </article>
      {answer && (
        <div className="sticky bottom-0 -mx-4 mt-auto border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
          <button
            ref={next}
            type="button"
            className={buttonClass({ size: 'lg' }, 'w-full')}
            data-testid="quiz-next"
            onClick={goOn}
          >
            {index + 1 < questions.length ? '下一题' : '查看结果'}
            <kbd className="ml-2 hidden text-xs opacity-70 md:inline">Enter</kbd>
          </button>
        </div>
      )}
      {index === first && !answer && (
        <p className="hidden text-center text-xs text-ink-mute md:block">快捷键：Enter 提交或继续，1–4 选择</p>
      )}
    </div>
  );
}

/** What a question asks, and the learner's way to answer it. */
function QuestionBody({
  question,
  answer,
  onAnswer,
}: {
  question: LessonQuestion;
  answer: Answer | null;
  onAnswer: (a: Answer) => void;
}) {
  const w = question.word;
  switch (question.kind) {
    case 'recall':
      return <Recall word={w} answer={answer} onAnswer={onAnswer} />;
    case 'choice':
      return (
        <>
          <WordHead word={w} testId="quiz-word" />
          <p className="mt-4 text-sm text-ink-soft">选出它的中文意思</p>
          <div className="mt-3 grid gap-2" data-testid="quiz-options">
            {question.options.map((option, k) => {
              const right = answer && k === question.answer;
              const wrongPick = answer && answer.chosen === k && !answer.right;
              return (
                <button
                  key={option}
                  type="button"
                  data-testid="quiz-option"
                  data-right={answer ? String(k === question.answer) : undefined}
                  disabled={!!answer}
                  onClick={() => onAnswer({ right: k === question.answer, chosen: k })}
                  className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-left ${
                    right
                      ? 'border-green-400 bg-green-50'
                      : wrongPick
                        ? 'border-red-300 bg-red-50'
                        : 'border-slate-200 hover:bg-slate-50 disabled:hover:bg-white'
                  }`}
                >
                  <kbd className="shrink-0 rounded border border-slate-300 px-1.5 text-xs text-ink-mute">{k + 1}</kbd>
                  <span>{option}</span>
                </button>
              );
            })}
          </div>
        </>
      );
    case 'spell':
      return (
        <>
          <p className="text-sm text-ink-soft">听写：听发音，写出这个单词</p>
          <div className="mt-4 flex items-center gap-3">
            <PlayButton text={w.word} voice="us" label="播放发音" className="size-12 border border-brand-200" />
            <span className="text-sm text-ink-mute">点击播放，可重复收听</span>
          </div>
          <TypedAnswer question={question} answer={answer} onAnswer={onAnswer} label="写出你听到的单词" />
        </>
      );
    case 'fill':
      return (
        <>
          <p className="text-sm text-ink-soft">在句子的空格里填入本单元的单词</p>
          <p lang="en" className="mt-4 text-lg leading-relaxed" data-testid="quiz-blank-sentence">
            {question.blank.before}
            <span
              data-testid="quiz-blank"
              className="mx-0.5 inline-block min-w-16 border-b-2 border-brand-500 px-1 text-center font-semibold"
            >
              {answer ? question.blank.form : `${question.blank.form[0]}…`}
            </span>
            {question.blank.after}
          </p>
          <TypedAnswer question={question} answer={answer} onAnswer={onAnswer} label="填入的单词" />
        </>
      );
  }
}

/** 想一想它的意思: the word in its sentence; 显示释义, then the learner says whether they had it. */
function Recall({ word, answer, onAnswer }: { word: CourseWord; answer: Answer | null; onAnswer: (a: Answer) => void }) {
  const [shown, setShown] = useState(false);
  useLessonKeys(
    answer
      ? {}
      : shown
        ? { '1': () => onAnswer({ right: true }), '2': () => onAnswer({ right: false }) }
        : { Enter: () => setShown(true) },
  );
  return (
    <>
      <WordHead word={word} testId="quiz-word" />
      {word.example && !shown && (
        // Plain text until the meaning is shown: a click on a word would look it up and tell.
        <p lang="en" className="mt-4 rounded-xl bg-slate-50 px-4 py-3" data-testid="quiz-sentence">
          {word.example.text}
        </p>
      )}
      {!shown ? (
        <>
          <p className="mt-4 text-sm text-ink-soft">想一想它的意思</p>
          <Button className="mt-3" data-testid="quiz-reveal" onClick={() => setShown(true)}>
            显示释义 <kbd className="ml-1 hidden text-xs opacity-70 md:inline">Enter</kbd>
          </Button>
        </>
      ) : (
        <>
          <WordMeanings word={word} compact testId="quiz-meanings" />
          {!answer && (
            <WordAnswers
              className="mt-5"
              knew={{ label: '记得', testId: 'quiz-remembered', onClick: () => onAnswer({ right: true }) }}
              missed={{ label: '没记住', testId: 'quiz-forgot', onClick: () => onAnswer({ right: false }) }}
            />
          )}
        </>
      )}
    </>
  );
}

/** A typed answer: Enter hands it in. */
function TypedAnswer({
  question,
  answer,
  onAnswer,
  label,
}: {
  question: LessonQuestion;
  answer: Answer | null;
  onAnswer: (a: Answer) => void;
  label: string;
}) {
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus({ preventScroll: true }), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer || !typed.trim()) return;
    onAnswer({ right: isRightAnswer(question, typed), typed });
  };
  return (
    <form onSubmit={submit} className="mt-4 flex gap-2">
      <input
        ref={input}
        data-testid="quiz-input"
        aria-label={label}
        lang="en"
        value={typed}
        readOnly={!!answer}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="done"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-lg"
      />
      {!answer && (
        <Button type="submit" data-testid="quiz-submit" disabled={!typed.trim()}>
          提交
        </Button>
      )}
    </form>
  );
}

/** After an answer: right or not, the answer, and what the word means. */
function Feedback({ question, answer }: { question: LessonQuestion; answer: Answer }) {
  const w = question.word;
  const typedKind = question.kind === 'spell' || question.kind === 'fill';
  return (
    <div
      data-testid="quiz-feedback"
      data-correct={String(answer.right)}
      aria-live="polite"
      className={`mt-5 rounded-xl border px-4 py-3 ${answer.right ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
    >
      <p className={`font-medium ${answer.right ? 'text-green-800' : 'text-red-700'}`}>
        {question.kind === 'recall' ? (answer.right ? '记得' : '没记住，已记为错题') : answer.right ? '回答正确' : '回答错误'}
      </p>
      {typedKind && !answer.right && (
        <p className="mt-1 text-sm" data-testid="quiz-answer">
          正确答案：
          <span lang="en" className="font-semibold">
            {question.kind === 'fill' ? question.blank.form : w.word}
          </span>
          {answer.typed && (
            <span className="ml-2 text-ink-soft">
              你写的是 <span lang="en">{answer.typed.trim()}</span>
            </span>
          )}
        </p>
      )}
      {question.kind !== 'recall' && (
        <>
          {question.kind !== 'choice' && (
            <div className="mt-2">
              <WordHead word={w} testId="quiz-word" />
            </div>
          )}
          <WordMeanings word={w} compact testId="quiz-meanings" />
        </>
      )}
    </div>
  );
}
