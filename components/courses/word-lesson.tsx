'use client';

import { Link } from '@/components/ui/link';
import { useId, useRef, useState } from 'react';
import { useMarkCourseWord } from '@/lib/client/courses/queries';
import { useLessonCursor } from '@/lib/client/courses/use-lesson-cursor';
import { useLessonKeys } from '@/lib/client/courses/use-lesson-keys';
import { LessonFinished, LessonProgress, type LessonProps } from './lesson-parts';
import { WordAnswers, WordCard } from './word-card';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { WordQuiz } from './word-quiz';

type Mark = 0 | 1 | null;

type WordLessonView = 'quiz' | 'list';

/**
 * /aiBook/word/class: the unit's words as questions first (练习: it asks before it tells), and the
 * word list (单词表: each word with its meanings, to read and mark) a tab away. Each view keeps
 * its own place; both start where the learner stopped.
 */
export function WordLesson(props: LessonProps<'word'>) {
  const [view, setView] = useState<WordLessonView>('quiz');
  const id = useId();
  return (
    <div className="flex flex-1 flex-col gap-4">
      <Tabs
        id={id}
        label="学习方式"
        look="segmented"
        className="flex self-start"
        tabs={[
          { key: 'quiz', label: '练习', testId: 'lesson-tab-quiz' },
          { key: 'list', label: '单词表', testId: 'lesson-tab-list' },
        ]}
        selected={view}
        onSelect={setView}
      />
      <TabPanel id={id} selected={view} className="flex flex-1 flex-col">
        {view === 'quiz' ? <WordQuiz {...props} /> : <WordList {...props} />}
      </TabPanel>
    </div>
  );
}

/**
 * 单词表: a unit's words one at a time. Each card: the word, its UK and US
 * pronunciation (the audio engine, repeated as the settings say), its senses and its example
 * sentence, whose words can be looked up in it. 认识 marks the word 熟词, 不认识 生词, in the
 * learner's word book (from 'course'), and moves on. ←/→ page, 1/2 answer.
 */
function WordList({ content, start, save, loggedIn, links }: LessonProps<'word'>) {
  const words = content.words;
  const cursor = useLessonCursor(words.length, start, save);
  const { index, finished } = cursor;
  const [marks, setMarks] = useState<Mark[]>(() => words.map((w) => w.strange));
  // This visit's answers, for the end screen (marks from earlier visits are not counted).
  const [answered, setAnswered] = useState<ReadonlySet<number>>(() => new Set());
  const mark = useMarkCourseWord();
  const card = useRef<HTMLElement>(null);

  const go = (next: number) => {
    cursor.go(next);
    card.current?.focus({ preventScroll: true });
  };

  const answer = (strange: 0 | 1) => {
    if (finished || words.length === 0) return;
    const word = words[index];
    setMarks((m) => m.map((v, i) => (i === index ? strange : v)));
    setAnswered((a) => new Set(a).add(index));
    if (loggedIn) mark.mutate({ word: word.word, strange, sentence: word.example?.text });
    go(index + 1);
  };

  useLessonKeys(
    finished
      ? {}
      : { ArrowLeft: () => go(index - 1), ArrowRight: () => go(index + 1), '1': () => answer(0), '2': () => answer(1) },
  );

  if (words.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm">本单元没有单词。</p>
    );
  }

  if (finished) {
    const known = [...answered].filter((i) => marks[i] === 0).length;
    const unknown = [...answered].filter((i) => marks[i] === 1).length;
    return (
      <LessonFinished
        title="本单元的单词学完了"
        links={links}
        onRestart={() => {
          setAnswered(new Set());
          cursor.restart();
        }}
      >
        <p className="mt-2 text-sm text-ink-soft" data-testid="lesson-summary">
          本次认识 {known} 个，不认识 {unknown} 个，共 {words.length} 个单词。
        </p>
        <ul className="mx-auto mt-4 flex max-w-md flex-wrap justify-center gap-2" lang="en">
          {words.map((w, i) => (
            <li
              key={w.word}
              className={`rounded-full px-2.5 py-0.5 text-sm ${
                marks[i] === 1 ? 'bg-amber-100 text-amber-900' : marks[i] === 0 ? 'bg-green-100 text-green-800' : 'bg-slate-100'
              }`}
            >
              {w.word}
            </li>
          ))}
        </ul>
        {loggedIn && (
          <p className="mt-4 text-sm">
            <Link href="/WordsForCourse" className="text-brand-700 hover:underline">
              在课程单词本里复习生词 →
            </Link>
          </p>
        )}
      </LessonFinished>
    );
  }

  const word = words[index];
  const wordMark = marks[index];
  // Known: marked 熟词 (now or before), or known from review and not marked 生词 since.
  const knownShare = words.filter((w, i) => marks[i] === 0 || (marks[i] !== 1 && w.review === 'known')).length / words.length;
  return (
    <div className="flex flex-1 flex-col gap-4">
      <LessonProgress at={index + 1} total={words.length} label="本单元进度" />
      {loggedIn && (
        <p data-testid="unit-known-share" className="-mt-2 text-sm text-emerald-800">
          本单元已认识 <span className="font-semibold tabular-nums">{Math.round(knownShare * 100)}%</span>
        </p>
      )}
      <WordCard key={word.word} ref={card} word={word} badge={wordMark !== null && <MarkBadge mark={wordMark} />} />
      <div className="sticky bottom-0 -mx-4 mt-auto border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <WordAnswers
          knew={{ label: '认识', testId: 'word-known', onClick: () => answer(0) }}
          missed={{ label: '不认识', testId: 'word-unknown', onClick: () => answer(1) }}
        />
        <div className="mt-2 flex items-center justify-between text-sm">
          <button
            type="button"
            data-testid="word-prev"
            disabled={index === 0}
            onClick={() => go(index - 1)}
            className="rounded-lg px-2 py-1 text-ink-soft hover:bg-slate-100 disabled:opacity-40"
          >
            ‹ 上一个
          </button>
          <span className="hidden text-xs text-ink-mute md:inline">快捷键：← → 切换，1 认识，2 不认识</span>
          <button
            type="button"
            data-testid="word-next"
            onClick={() => go(index + 1)}
            className="rounded-lg px-2 py-1 text-ink-soft hover:bg-slate-100"
          >
            {index === words.length - 1 ? '完成 ›' : '下一个 ›'}
          </button>
        </div>
      </div>
    </div>
  );
}

/** 生词 or 熟词, as the learner marked the word. */
function MarkBadge({ mark }: { mark: 0 | 1 }) {
  return (
    <span
      data-testid="word-mark"
      className={`rounded-full px-2.5 py-0.5 text-xs ${mark === 1 ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-800'}`}
    >
      {mark === 1 ? '生词' : '熟词'}
    </span>
  );
}
