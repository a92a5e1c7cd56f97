'use client';

import { useId, useMemo, useState } from 'react';
import { PlayButton } from '@/components/audio/play-button';
import type { WordListEntry } from '@/lib/contract';
import { contextOf, findWord, lookUpWord, sentenceAt, sentenceRanges, tokenize } from '@/lib/client/word-lookup';
import { useMarkWord } from '@/lib/client/word-lists/queries';
import { sourceNames, strangeLabel, type Strange } from '@/lib/client/word-lists/word-list-model';

/** The word inside its stored sentence: the sentence that holds it, and where. */
export function useWordInSentence(word: string, sentence: string) {
  return useMemo(() => {
    const text = sentence;
    const tokens = tokenize(text);
    const index = findWord(tokens, word);
    if (index < 0) return { index, text, sentence: text.trim(), before: '', match: '', after: '' };
    const ranges = sentenceRanges(text);
    const range = sentenceAt(text, tokens[index].start, ranges);
    const token = tokens[index];
    return {
      index,
      text,
      tokens,
      ranges,
      sentence: text.slice(range.start, range.end).trim(),
      before: text.slice(range.start, token.start).trimStart(),
      match: token.text,
      after: text.slice(token.end, range.end).trimEnd(),
    };
  }, [sentence, word]);
}

type WordInSentence = ReturnType<typeof useWordInSentence>;

/** Opens the word panel on a kept word: in its sentence, or on its own when it has none. */
export function openKeptWord(located: WordInSentence, word: string, from: string, anchor: Element) {
  if (located.index >= 0 && located.tokens) {
    lookUpWord({ ...contextOf(located.text, located.index, located.tokens, located.ranges), from }, anchor);
  } else {
    // A word kept without a lookup has no sentence: look it up on its own.
    lookUpWord({ pre_context: '', post_context: '', target_word: word, from }, anchor);
  }
}

/** A kept word as a row starts: the word (it opens the panel), its lemma when other, its sound. */
export function KeptWordHead({
  word,
  lemma,
  testId,
  onOpen,
}: {
  word: string;
  lemma: string;
  testId: string;
  onOpen: (anchor: Element) => void;
}) {
  return (
    <>
      <div className="flex min-w-0 items-baseline gap-2">
        <button
          type="button"
          data-testid={testId}
          onClick={(event) => onOpen(event.currentTarget)}
          lang="en"
          className="truncate text-lg font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {word}
        </button>
        {lemma.toLowerCase() !== word.toLowerCase() && <span className="shrink-0 text-sm text-ink-mute">原形 {lemma}</span>}
      </div>
      <PlayButton text={word} label={`朗读 ${word}`} />
    </>
  );
}

/** The sentence a word was met in, the word highlighted. */
export function KeptSentence({ located, id, hidden }: { located: WordInSentence; id?: string; hidden?: boolean }) {
  if (!located.sentence) return null;
  return (
    <p
      id={id}
      hidden={hidden}
      data-testid="word-list-sentence"
      lang="en"
      className="mt-2 break-words rounded-lg bg-slate-50 px-3 py-2 leading-relaxed text-ink-soft"
    >
      {located.match ? (
        <>
          {located.before}
          <mark className="rounded bg-amber-100 px-0.5 font-medium text-ink">{located.match}</mark>
          {located.after}
        </>
      ) : (
        located.sentence
      )}
    </p>
  );
}

export function WordListRow({
  entry,
  account,
  listStrange,
}: {
  entry: WordListEntry;
  account: string;
  listStrange: Strange | undefined;
}) {
  const [open, setOpen] = useState(false);
  const sentenceId = useId();
  const located = useWordInSentence(entry.word, entry.sentence);
  const mark = useMarkWord(account, listStrange);
  const from = entry.from || 'Words';
  const source = sourceNames[entry.from];

  return (
    <li data-testid="word-list-row" data-lemma={entry.lemma} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <KeptWordHead
          word={entry.word}
          lemma={entry.lemma}
          testId="word-list-word"
          onOpen={(anchor) => openKeptWord(located, entry.word, from, anchor)}
        />
        <StrangeToggle
          word={entry.word}
          strange={entry.strange}
          pending={mark.isPending}
          onMark={(strange) => {
            if (strange !== entry.strange) mark.mutate({ entry, strange });
          }}
        />
      </div>
      {entry.sense_zh && (
        <p data-testid="word-list-zh" className="mt-1 line-clamp-2 text-sm text-ink">
          {entry.sense_zh}
        </p>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-ink-mute">
        {entry.lookups > 0 && <span>查过 {entry.lookups} 次</span>}
        {source && <span>来自{source}</span>}
        {located.sentence && (
          <button
            type="button"
            data-testid="word-list-sentence-toggle"
            aria-expanded={open}
            aria-controls={sentenceId}
            onClick={() => setOpen((o) => !o)}
            className="text-brand-600 hover:underline"
          >
            {open ? '收起例句' : '查看例句'}
          </button>
        )}
      </div>
      <KeptSentence located={located} id={sentenceId} hidden={!open} />
    </li>
  );
}

/** 生词 / 熟词: a pair of toggle buttons, the word's mark pressed (neither when unmarked). */
function StrangeToggle({
  word,
  strange,
  pending,
  onMark,
}: {
  word: string;
  strange: Strange | null;
  pending: boolean;
  onMark: (strange: Strange) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form's fieldset
    <div
      role="group"
      aria-label={`标记 ${word}`}
      className="ml-auto inline-flex overflow-hidden rounded-lg border border-slate-300 text-sm"
    >
      {([1, 0] as const).map((value) => {
        const pressed = strange === value;
        const tone = value === 1 ? 'bg-amber-500 text-white' : 'bg-emerald-600 text-white';
        return (
          <button
            key={value}
            type="button"
            data-testid={value === 1 ? 'mark-strange' : 'mark-familiar'}
            aria-pressed={pressed}
            aria-busy={pending || undefined}
            onClick={() => onMark(value)}
            className={`px-3 py-1 transition first:border-r first:border-slate-300 ${pressed ? tone : 'bg-white text-ink-soft hover:bg-slate-50'}`}
          >
            {strangeLabel(value)}
          </button>
        );
      })}
    </div>
  );
}
