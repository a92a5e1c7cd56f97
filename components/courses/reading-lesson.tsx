'use client';

import { useEffect, useMemo, useState } from 'react';
import { useAudioPlayer } from '@/lib/audio/use-audio-player';
import { useLessonKeys } from '@/lib/client/courses/use-lesson-keys';
import { openOverlay } from '@/lib/client/overlays';
import { useTestAnswer } from '@/lib/client/courses/queries';
import type { ReadingQuestion } from '@/lib/contract/calls/courses';
import { PassageText } from './lesson-parts';
import { HandIn, Questions, ScoreCard } from './question-lesson';
import { LessonFinished, LessonProgress, type LessonProps } from './lesson-parts';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * /aiBook/reading/class: a passage with every word clickable (looked up in its sentence), read
 * aloud sentence by sentence in the stored play mode, repeat count and rate; the sentence being
 * read is the learner's position. 分析本句 opens the chosen sentence's analysis.
 */
export function ReadingLesson({ content, start, save, links }: LessonProps<'reading'>) {
  const sentences = useMemo(() => content.paragraphs.flat(), [content.paragraphs]);
  const [index, setIndex] = useState(start);
  const [finished, setFinished] = useState(false);
  const listId = `course-reading-${content.course_id}-${content.unit}`;
  const { snapshot, settings, playSegments, stop } = useAudioPlayer();
  const playingIndex = snapshot.active?.list?.id === listId ? snapshot.active.list.index : -1;

  // The sentence being read aloud is where the learner is.
  useEffect(() => {
    if (playingIndex >= 0 && playingIndex !== index) {
      setIndex(playingIndex);
      save(playingIndex, false);
    }
  }, [playingIndex, index, save]);
  // The sound stops when the learner leaves the lesson.
  useEffect(() => () => stop(), [stop]);

  const choose = (next: number) => {
    // Moving by hand ends the reading aloud, which would otherwise pull the learner back.
    if (playingIndex >= 0) stop();
    const at = Math.min(Math.max(next, 0), sentences.length - 1);
    setIndex(at);
    save(at, false);
  };
  const finish = () => {
    stop();
    setFinished(true);
    save(Math.max(sentences.length - 1, 0), true);
  };

  useLessonKeys(finished ? {} : { ArrowLeft: () => choose(index - 1), ArrowRight: () => choose(index + 1) });

  if (sentences.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm">本单元没有内容。</p>
    );
  }
  if (finished) {
    return (
      <LessonFinished
        title="这篇短文读完了"
        links={links}
        onRestart={() => {
          setFinished(false);
          choose(0);
        }}
      />
    );
  }

  const current = sentences[index];
  const button = buttonClass({ tone: 'secondary', size: 'sm' });
  return (
    <div className="flex flex-1 flex-col gap-4">
      <LessonProgress at={index + 1} total={sentences.length} label="阅读进度（句）" />
      <article data-testid="reading-passage" className="rounded-2xl border border-slate-200 bg-white p-5 text-lg md:p-8">
        <PassageText title={content.document.title} paragraphs={content.paragraphs} />
      </article>
      {content.questions.length > 0 && <PassageQuestions content={content} links={links} />}
      <section
        aria-label="句子与朗读"
        data-testid="reading-bar"
        className="sticky bottom-0 -mx-4 mt-auto flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur"
      >
        <p lang="en" className="line-clamp-2 text-sm text-ink-soft" data-testid="reading-current">
          <span className="mr-2 text-xs text-ink-mute" lang="zh-CN">
            第 {index + 1} 句
          </span>
          {current.text}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={button} disabled={index === 0} onClick={() => choose(index - 1)} aria-label="上一句">
            ‹
          </button>
          <button
            type="button"
            className={button}
            disabled={index === sentences.length - 1}
            onClick={() => choose(index + 1)}
            aria-label="下一句"
          >
            ›
          </button>
          {playingIndex >= 0 ? (
            <button type="button" className={button} onClick={stop} data-testid="reading-stop">
              停止
            </button>
          ) : (
            <Button
              size="sm"
              data-testid="reading-play"
              onClick={() =>
                void playSegments(
                  sentences.map((s) => s.text),
                  { mode: settings.mode, start: index, listId },
                )
              }
            >
              朗读
            </Button>
          )}
          <button
            type="button"
            className={button}
            data-testid="sentence-analysis"
            onClick={() => openOverlay('chatDrawer', { sentence: current.text, from: 'course' })}
          >
            分析本句
          </button>
          <span className="flex-1" />
          <button type="button" className={button} onClick={finish} data-testid="reading-finish">
            读完了
          </button>
        </div>
        {snapshot.error && (
          <p role="alert" className="text-sm text-red-600">
            朗读失败，请稍后再试。
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * The passage's questions (the unit's `questions`), after its text: a paper's passage asks the
 * paper's own questions it answers, any other text a 词汇填空 made from its sentences. Answered,
 * handed in to get_test_answer, scored with each answer explained, and a logged-in learner's
 * misses put into review there. A passage without questions shows no section.
 */
function PassageQuestions({ content, links }: Pick<LessonProps<'reading'>, 'content' | 'links'>) {
  const { questions } = content;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const check = useTestAnswer(content.course_id, content.unit);
  const result = check.data;
  const scored = questions.filter((q) => q.type !== 'translation');
  const answered = scored.filter((q) => answers[String(q.number)]).length;
  const choose = (q: ReadingQuestion, key: string) => {
    if (!result) setAnswers((a) => ({ ...a, [String(q.number)]: key }));
  };
  return (
    <section data-testid="reading-questions" aria-label="本文练习" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold">本文练习（{questions.length} 题）</h3>
        <p className="text-sm text-ink-soft" data-testid="reading-questions-source">
          {content.questions_source === 'gap_fill'
            ? '词汇填空：每题是本文中的一句话，挖去了一个词，从四个词中选出原文用的那个。题目由本文自动生成。'
            : '试卷原题：这段原文在试卷中对应的题目。'}
        </p>
      </div>
      {result && (
        <ScoreCard
          result={result}
          links={links}
          nextLabel="下一单元"
          onRestart={() => {
            check.reset();
            setAnswers({});
            setDrafts({});
          }}
        />
      )}
      <Questions
        questions={questions}
        answers={answers}
        drafts={drafts}
        result={result}
        onChoose={choose}
        onDraft={(q, text) => setDrafts((d) => ({ ...d, [String(q.number)]: text }))}
      />
      {!result && (
        <div className="flex flex-wrap items-center gap-3">
          <HandIn check={check} answered={answered} scored={scored.length} onSubmit={() => check.mutate(answers)} />
        </div>
      )}
    </section>
  );
}
