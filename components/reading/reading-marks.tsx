'use client';

import { useEffect, useMemo } from 'react';
import { KnownShare, MarksLegend, MarksToolbar, usePassageMarks } from '@/components/passage/passage-marks';
import { canHighlight } from '@/lib/client/text-highlights';
import type { TextToken } from '@/lib/client/word-lookup';
import { layOutSentences, locateOffset, type SentenceLayout } from './reading-marks-layout';

/** The highlights the marks are drawn with (app/globals.css gives each its look). */
const highlightNames = {
  exam: 'reading-mark-exam',
  strange: 'reading-mark-strange',
  phrase: 'reading-mark-phrase',
  due: 'reading-mark-due',
} as const;
type MarkKind = keyof typeof highlightNames;

/**
 * The passage marks (exam words, 生词, expressions) on a reading page (issue 17). The page's text
 * is the server's HTML, not React's: its sentences are read from the DOM as one text for
 * parse_text (a long chapter in pieces), and the marks are drawn over the words with the CSS
 * Custom Highlight API, so the text itself is never touched (the clicks, the sentence marks and
 * the audio keep working on it). Mounted when the reader first opens 标注; the marks stay while
 * the panel is folded away, and go with the page.
 */
export default function ReadingMarks({
  spans,
  compact = false,
}: {
  spans: () => HTMLElement[];
  /**
   * Only what a logged-in reader sees before opening 标注: how much of the text they know and
   * the words waiting for review, marked on the text.
   */
  compact?: boolean;
}) {
  const page = useMemo(() => {
    const elements = spans();
    const layout = layOutSentences(elements.map((span) => ({ text: span.textContent ?? '', paragraph: span.parentElement })));
    return { elements, layout };
  }, [spans]);
  const marks = usePassageMarks(page.layout.text);
  const { tokens, visible } = marks;

  useEffect(() => {
    if (!canHighlight()) return;
    const ranges: Record<MarkKind, Range[]> = { exam: [], strange: [], phrase: [], due: [] };
    for (const [index, kinds] of visible ?? []) {
      const range = rangeOf(page.elements, page.layout, tokens[index]);
      if (!range) continue;
      for (const kind of kinds.split(' ') as MarkKind[]) ranges[kind]?.push(range);
    }
    for (const kind of Object.keys(highlightNames) as MarkKind[]) {
      if (ranges[kind].length > 0) CSS.highlights.set(highlightNames[kind], new Highlight(...ranges[kind]));
      else CSS.highlights.delete(highlightNames[kind]);
    }
  }, [page, tokens, visible]);

  useEffect(
    () => () => {
      if (canHighlight()) for (const name of Object.values(highlightNames)) CSS.highlights.delete(name);
    },
    [],
  );

  if (marks.empty) return null;
  if (compact) {
    const found = marks.marks;
    if (!found?.known) return null;
    return (
      <div data-testid="reading-known" className="flex flex-wrap items-center gap-2 pb-1 text-sm">
        <KnownShare known={found.known} />
        {found.dueWords.length > 0 && (
          <span data-testid="reading-due" className="text-orange-800">
            待复习的词 {found.dueWords.length} 个已在文中标出
          </span>
        )}
      </div>
    );
  }
  return (
    <div data-testid="reading-marks" data-state={marks.state} className="max-h-40 overflow-y-auto md:max-h-56">
      <MarksToolbar marks={marks} />
      <MarksLegend marks={marks} className="mb-2" />
    </div>
  );
}

/** The range of the page's text that a word of the joined text covers. */
function rangeOf(elements: readonly HTMLElement[], layout: SentenceLayout, word: TextToken | undefined): Range | null {
  if (!word) return null;
  const from = locateOffset(layout, word.start);
  const to = locateOffset(layout, word.end, 'end');
  if (!from || !to) return null;
  const start = textPoint(elements[from.sentence], from.offset);
  const end = textPoint(elements[to.sentence], to.offset);
  if (!start || !end) return null;
  const range = document.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  return range;
}

/** The text node and offset in it at a character offset of an element's text. */
function textPoint(element: HTMLElement | undefined, offset: number): { node: Text; offset: number } | null {
  if (!element) return null;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let left = offset;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (left <= node.data.length) return { node, offset: left };
    left -= node.data.length;
  }
  return null;
}
