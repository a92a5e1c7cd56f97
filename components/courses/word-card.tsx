'use client';

import type { ReactNode, Ref } from 'react';
import { PlayButton } from '@/components/audio/play-button';
import { ClickableText } from '@/components/dictionary/clickable-text';
import type { CourseWord } from '@/lib/contract/calls/courses';
import { Phonetic } from './lesson-parts';

/**
 * A course word as a card: the word with its UK and US pronunciation, its Chinese senses and its
 * example sentence. The word list (单词表) shows it whole; the quiz (练习) shows the head with the
 * question and the meanings only once the question is answered, so both parts stand alone too.
 */
export function WordCard({ word, badge, ref }: { word: CourseWord; badge?: ReactNode; ref?: Ref<HTMLElement> }) {
  return (
    <article
      ref={ref}
      tabIndex={-1}
      data-testid="word-card"
      data-word={word.word}
      aria-label={`单词 ${word.word}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 focus:outline-none md:p-8"
    >
      <WordHead word={word} testId="lesson-word" badge={badge} />
      <WordMeanings word={word} />
    </article>
  );
}

/** The word and its pronunciations (the audio engine plays each); `badge` stands beside the word. */
export function WordHead({ word, testId, badge }: { word: CourseWord; testId: string; badge?: ReactNode }) {
  const { first: uk, second: us } = word.phonetic_symbol;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 lang="en" className="break-all text-3xl font-semibold md:text-4xl" data-testid={testId}>
          {word.word}
        </h2>
        {badge}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-ink-soft">
        <Phonetic label="英" ipa={uk} text={word.word} voice="uk" />
        <Phonetic label="美" ipa={us} text={word.word} voice="us" />
      </div>
    </>
  );
}

/**
 * The word's Chinese senses (as the unit gives them) and its example sentence, whose words can be
 * looked up in it. `compact`: tighter, inside a question's feedback.
 */
export function WordMeanings({ word, compact = false, testId }: { word: CourseWord; compact?: boolean; testId?: string }) {
  return (
    <div className={`mt-4 flex flex-col ${compact ? 'gap-3' : 'gap-5'}`} data-testid={testId}>
      {word.senses.length > 0 ? (
        <ul className="flex flex-col gap-1.5" data-testid="word-senses">
          {word.senses.map((s, i) => (
            <li key={i} className="text-base">
              {s.pos && (
                <span lang="en" className="mr-2 text-sm italic text-ink-mute">
                  {s.pos}
                </span>
              )}
              {s.meaning}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-mute">暂无释义</p>
      )}
      {word.example && (
        <figure className="rounded-xl bg-slate-50 px-4 py-3" data-testid="word-example">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <ClickableText text={word.example.text} from="course" />
            </div>
            <PlayButton text={word.example.text} label="播放例句" />
          </div>
          <figcaption className="mt-1 text-xs text-ink-mute" lang="en">
            — {word.example.document.title}
          </figcaption>
        </figure>
      )}
    </div>
  );
}

interface WordAnswer {
  label: string;
  testId: string;
  onClick: () => void;
}

/** How each answer looks, and its key: knew it in green, missed it in amber. */
const answerLooks = [
  { key: '1', button: 'border-green-300 bg-green-50 text-green-800 hover:bg-green-100', kbd: 'text-green-700/70' },
  { key: '2', button: 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100', kbd: 'text-amber-800/70' },
] as const;

/**
 * The learner's two answers about the word on the card: `knew` (key 1) and `missed` (key 2),
 * which the screen binds to its keys itself.
 */
export function WordAnswers({ knew, missed, className = '' }: { knew: WordAnswer; missed: WordAnswer; className?: string }) {
  return (
    <div className={`grid grid-cols-2 gap-3 ${className}`}>
      {[knew, missed].map((answer, i) => (
        <button
          key={answerLooks[i].key}
          type="button"
          data-testid={answer.testId}
          onClick={answer.onClick}
          className={`rounded-xl border py-3 font-medium ${answerLooks[i].button}`}
        >
          {answer.label} <kbd className={`ml-1 hidden text-xs md:inline ${answerLooks[i].kbd}`}>{answerLooks[i].key}</kbd>
        </button>
      ))}
    </div>
  );
}
