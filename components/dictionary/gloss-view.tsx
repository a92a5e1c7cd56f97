'use client';

import { useId, useState } from 'react';
import { PlayButton } from '@/components/audio/play-button';
import type { Gloss } from '@/lib/contract';
import { PosLabel } from './pos-label';
import { WordFeedback } from './word-feedback';
import { countLine, splitExamples } from '@/lib/client/dictionary/word-entry';

/**
 * One sense of a lemma (spec sections 2 and 3): part of speech, simple sense, its count, the
 * phrase it belongs to here, the English and Chinese sense with a play control, an optional
 * image, and examples (two, the rest behind 更多例句). The first gloss of the first tab is the
 * meaning in this text (or, when the engine is unsure, the first of two that may be) and carries
 * the thumbs.
 */
export function GlossView({ gloss, feedbackKey }: { gloss: Gloss; feedbackKey?: string }) {
  const examplesId = useId();
  const [allExamples, setAllExamples] = useState(false);
  const { shown, more } = splitExamples(gloss);
  const senseCount = countLine.sense(gloss.s_c);
  const inThisText = feedbackKey !== undefined;

  return (
    <li
      data-testid="gloss"
      data-in-text={inThisText || undefined}
      className={`flex flex-col gap-2 rounded-xl p-3 ${inThisText ? 'bg-brand-50/70 ring-1 ring-brand-100' : 'bg-white'}`}
    >
      {/* The sense itself, apart from its image and examples: what the panel keeps in view (issue 35). */}
      <div data-testid={inThisText ? 'chosen-sense' : undefined} className="flex flex-col gap-2">
        {inThisText && (
          <div className="flex items-center justify-between gap-2">
            {/* An answer the sense model is not sure of is not told as the answer (issue 31). */}
            <span data-testid="in-text-label" className="text-xs font-semibold text-brand-700">
              {gloss.maybe === 'close' ? '本文中可能的意思' : '本文中的意思'}
            </span>
            <WordFeedback feedbackKey={feedbackKey} />
          </div>
        )}
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          {gloss.pos && <PosLabel pos={gloss.pos} />}
          {gloss.simple_sense && <span className="font-semibold text-ink">{gloss.simple_sense}</span>}
          {senseCount && (
            <span data-testid="sense-count" className="text-xs text-amber-700">
              {senseCount}
            </span>
          )}
        </div>
        {gloss.phrase_title && (
          <p data-testid="phrase-title" className="text-sm">
            <span className="mr-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">
              {phraseLabel(gloss)}
            </span>
            <span className="font-semibold">{gloss.phrase_title}</span>
          </p>
        )}
        {gloss.maybe === 'close' && (
          <p data-testid="sense-close" className="text-xs text-ink-mute">
            这两个意思在本句中都说得通
          </p>
        )}
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <p lang="en" data-testid="sense-en" className="leading-snug text-ink">
              {gloss.sense.first}
            </p>
            {gloss.sense.second && gloss.sense.second !== gloss.simple_sense && (
              <p data-testid="sense-zh" className="mt-0.5 leading-snug text-ink-soft">
                {gloss.sense.second}
              </p>
            )}
          </div>
          {gloss.sense.first && <PlayButton text={gloss.sense.first} repeat={1} label="朗读英文释义" />}
        </div>
      </div>
      {gloss.src && (
        // The upstream's images are arbitrary URLs; next/image would need their hosts configured.
        <img
          src={gloss.src}
          alt={gloss.simple_sense ?? gloss.sense.first}
          loading="lazy"
          className="max-h-40 w-auto self-start rounded-lg"
        />
      )}
      {shown.length > 0 && (
        <ul id={examplesId} data-testid="examples" className="flex flex-col gap-1.5 border-l-2 border-slate-200 pl-3 text-sm">
          {[...shown, ...(allExamples ? more : [])].map((example, i) => (
            <li key={i} data-testid="example">
              <p lang="en" className="text-ink">
                {example.first}
              </p>
              {example.second && <p className="text-ink-mute">{example.second}</p>}
            </li>
          ))}
        </ul>
      )}
      {more.length > 0 && (
        <button
          type="button"
          data-testid="more-examples"
          aria-expanded={allExamples}
          aria-controls={examplesId}
          onClick={() => setAllExamples((v) => !v)}
          className="self-start text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          {allExamples ? '收起' : `更多例句（${more.length}）`}
        </button>
      )}
    </li>
  );
}

/**
 * What the phrase badge says: an expression the sentence uses (短语), one its words may form here
 * but the sentence does not clearly use (也可能是短语), or the compound the clicked word is the
 * head of (复合词: "three-story" looked up as story).
 */
function phraseLabel(gloss: Gloss): string {
  if (gloss.maybe === 'phrase') return '也可能是短语';
  const title = gloss.phrase_title ?? '';
  return /-/.test(title) && !/\s/.test(title) ? '复合词' : '短语';
}
