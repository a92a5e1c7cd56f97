'use client';

import { useRef } from 'react';
import { PlayButton } from '@/components/audio/play-button';
import { ClickableText } from '@/components/dictionary/clickable-text';
import { useLessonCursor } from '@/lib/client/courses/use-lesson-cursor';
import { useLessonKeys } from '@/lib/client/courses/use-lesson-keys';
import { openOverlay } from '@/lib/client/overlays';
import { LessonFinished, LessonProgress, type LessonProps } from './lesson-parts';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * /aiBook/sentence/class: the unit's sentences one at a time, with their audio, their words to
 * look up in them, and 分析本句 (the sentence analysis and its tutor, in the chat drawer; kept in
 * the learner's sentence history from 'course', so it shows in /SentencesForCourse). ←/→ page.
 */
export function SentenceLesson({ content, start, save, links }: LessonProps<'sentence'>) {
  const sentences = content.sentences;
  const cursor = useLessonCursor(sentences.length, start, save);
  const { index, finished } = cursor;
  const card = useRef<HTMLElement>(null);

  const go = (next: number) => {
    cursor.go(next);
    card.current?.focus({ preventScroll: true });
  };

  useLessonKeys(finished ? {} : { ArrowLeft: () => go(index - 1), ArrowRight: () => go(index + 1) });

  if (sentences.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm">本单元没有句子。</p>
    );
  }
  if (finished) {
    return (
      <LessonFinished title="本单元的句子学完了" links={links} onRestart={cursor.restart}>
        <p className="mt-2 text-sm text-ink-soft">共 {sentences.length} 个句子。分析过的句子可以在课程句子本里复习。</p>
      </LessonFinished>
    );
  }

  const sentence = sentences[index];
  const button = buttonClass({ tone: 'secondary' });
  return (
    <div className="flex flex-1 flex-col gap-4">
      <LessonProgress at={index + 1} total={sentences.length} label="本单元进度" />
      <article
        key={sentence.id}
        ref={card}
        tabIndex={-1}
        data-testid="sentence-card"
        aria-label={`第 ${index + 1} 句`}
        className="rounded-2xl border border-slate-200 bg-white p-5 text-lg focus:outline-none md:p-8 md:text-xl"
      >
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1" data-testid="lesson-sentence">
            <ClickableText text={sentence.text} from="course" />
          </div>
          <PlayButton text={sentence.text} label="播放本句" />
        </div>
        <p className="mt-3 text-xs text-ink-mute" lang="en">
          — {sentence.document.title}
        </p>
      </article>
      <div className="sticky bottom-0 -mx-4 mt-auto flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <button type="button" className={button} disabled={index === 0} onClick={() => go(index - 1)} data-testid="sentence-prev">
          ‹ 上一句
        </button>
        <Button
          data-testid="sentence-analysis"
          onClick={() => openOverlay('chatDrawer', { sentence: sentence.text, from: 'course' })}
        >
          分析本句
        </Button>
        <span className="flex-1" />
        <span className="hidden text-xs text-ink-mute md:inline">快捷键：← →</span>
        <button type="button" className={button} onClick={() => go(index + 1)} data-testid="sentence-next">
          {index === sentences.length - 1 ? '完成 ›' : '下一句 ›'}
        </button>
      </div>
    </div>
  );
}
