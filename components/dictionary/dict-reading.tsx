'use client';

import { useEffect, useRef } from 'react';
import { PassageMarks } from '@/components/passage/passage-marks';
import { type AutoLookup, ClickableText } from './clickable-text';

export interface DictReadingProps {
  text: string;
  from: string;
  autoLookup?: AutoLookup;
  /** Put the keyboard on the first word once shown, so that arrows and Enter work at once. */
  focusFirstWord?: boolean;
}

/**
 * The contextual dictionary's reading mode: the text as clickable words with its marks. Fetched
 * as the screen opens rather than with it (contextual-dict-screen.tsx), since a visitor starts by
 * writing; with it come the passage's parse and the query library the marks are asked with.
 */
export default function DictReading({ text, from, autoLookup, focusFirstWord = false }: DictReadingProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFirstWord) root.current?.querySelector<HTMLElement>('[data-testid="word"][tabindex="0"]')?.focus();
  }, [focusFirstWord]);
  return (
    <div ref={root}>
      <PassageMarks text={text}>
        {(marks) => <ClickableText text={text} from={from} autoLookup={autoLookup} marks={marks} />}
      </PassageMarks>
    </div>
  );
}
