'use client';

import { Link } from '@/components/ui/link';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/client/errors';
import { rememberReturnRoute } from '@/lib/client/return-route';
import { passageMarks, usePassageParse, visibleMarks } from '@/lib/client/passage/passage-marks';
import { examName } from '@/lib/contract/exams';
import { useCurrentUser } from '@/lib/client/user';
import { tokenize } from '@/lib/client/word-lookup';

/**
 * The marks of a passage (issue 17): parse_text once for the text, then what the reader turned on
 * — exam words of a chosen exam, the learner's 生词, the expressions (members) — as the `data-marks`
 * of each clickable word (token index of tokenize(text) → "exam strange phrase"). One state for
 * both ways of drawing them: on ClickableText (PassageMarks, below) and on a reading page's
 * server-rendered text (components/reading/reading-marks.tsx).
 */
export function usePassageMarks(text: string) {
  const empty = text.trim() === '';
  const user = useCurrentUser().data;
  const parse = usePassageParse(text, !empty);
  const tokens = useMemo(() => tokenize(text), [text]);
  const marks = useMemo(() => (parse.data ? passageMarks(tokens, parse.data) : undefined), [tokens, parse.data]);
  const [examOn, setExamOn] = useState(false);
  const [chosenExam, setChosenExam] = useState('cet4');
  const [strangeOn, setStrangeOn] = useState(false);
  const [phrasesOn, setPhrasesOn] = useState(false);
  // The words waiting for review are marked from the start: meeting one is a chance to review it.
  const [dueOn, setDueOn] = useState(true);

  // The chosen exam, if the passage has words of it; else the first exam it has.
  const exam = marks && (marks.exams.includes(chosenExam as never) ? chosenExam : (marks.exams[0] ?? null));
  const canStrange = !!parse.data?.marks_included;
  const withheld = parse.data?.phrases_withheld ?? null;
  const visible = useMemo(
    () =>
      marks &&
      visibleMarks(marks, {
        exam: examOn ? (exam ?? null) : null,
        strange: strangeOn && canStrange,
        phrases: phrasesOn && !withheld,
        due: dueOn && canStrange,
      }),
    [marks, exam, examOn, strangeOn, canStrange, phrasesOn, withheld, dueOn],
  );
  const chooseExam = (tag: string) => {
    setChosenExam(tag);
    setExamOn(true);
  };
  const state = parse.isError ? 'error' : marks ? 'ready' : 'loading';
  return {
    empty,
    state,
    user,
    parse,
    tokens,
    marks,
    visible,
    exam,
    canStrange,
    withheld,
    toggles: { examOn, setExamOn, chooseExam, strangeOn, setStrangeOn, phrasesOn, setPhrasesOn, dueOn, setDueOn },
  } as const;
}
export type PassageMarksState = ReturnType<typeof usePassageMarks>;

/**
 * The reading mode's marks on ClickableText: the toggles above the text, the marks drawn on its
 * words, a legend that counts them below. The text is readable and clickable at once; the marks
 * come when the answer does, and a failure leaves the text as it is.
 */
export function PassageMarks({
  text,
  children,
}: {
  text: string;
  /** The text itself (ClickableText), given the marks to draw: token index → "exam strange phrase". */
  children: (marks: ReadonlyMap<number, string> | undefined) => ReactNode;
}) {
  const marks = usePassageMarks(text);
  if (marks.empty) return children(undefined);
  return (
    <div data-testid="passage-marks" data-state={marks.state}>
      <MarksToolbar marks={marks} />
      <div
        className={
          // The marks, by the data-marks the words carry; the current word keeps its own highlight.
          '[&_[data-marks~=exam]:not([data-current])]:bg-sky-100 [&_[data-marks~=strange]]:font-semibold [&_[data-marks~=strange]]:text-rose-700 [&_[data-marks~=phrase]]:shadow-[inset_0_-2px_0_#7c3aed] [&_[data-marks~=due]:not([data-current])]:bg-orange-100 [&_[data-marks~=due]]:underline [&_[data-marks~=due]]:decoration-orange-600 [&_[data-marks~=due]]:decoration-dotted [&_[data-marks~=due]]:decoration-2'
        }
      >
        {children(marks.visible)}
      </div>
      <MarksLegend marks={marks} className="mt-4 border-t border-slate-100 pt-3" />
    </div>
  );
}

/** The row of toggles, with what failed and what membership would add, above the text. */
export function MarksToolbar({ marks }: { marks: PassageMarksState }) {
  const { user, parse, marks: found, exam, canStrange, withheld, toggles } = marks;
  const examSelectId = useId();
  const ready = !!found;
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggles, not a form's fieldset */}
      <div role="group" aria-label="文章标注" className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <Toggle testId="mark-exam" pressed={toggles.examOn} disabled={!ready || !exam} onChange={toggles.setExamOn}>
          考试词
        </Toggle>
        {ready && found.exams.length > 0 && (
          <>
            <label htmlFor={examSelectId} className="sr-only">
              选择考试
            </label>
            <select
              id={examSelectId}
              data-testid="mark-exam-choice"
              value={exam ?? ''}
              onChange={(e) => toggles.chooseExam(e.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {found.exams.map((tag) => (
                <option key={tag} value={tag}>
                  {examName(tag)}
                </option>
              ))}
            </select>
          </>
        )}
        {user === null ? (
          <Link
            href="/Login"
            onClick={rememberReturnRoute}
            data-testid="mark-strange-login"
            className="rounded-lg px-2 py-1.5 text-brand-700 underline underline-offset-2 hover:bg-brand-50"
          >
            登录后标出生词
          </Link>
        ) : (
          <Toggle
            testId="mark-strange"
            pressed={toggles.strangeOn}
            disabled={!ready || !canStrange}
            onChange={toggles.setStrangeOn}
          >
            生词
          </Toggle>
        )}
        <Toggle testId="mark-phrases" pressed={toggles.phrasesOn} disabled={!ready} onChange={toggles.setPhrasesOn}>
          词组
          {withheld && <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-800">会员</span>}
        </Toggle>
        {ready && canStrange && found.dueWords.length > 0 && (
          <Toggle testId="mark-due" pressed={toggles.dueOn} disabled={false} onChange={toggles.setDueOn}>
            待复习 {found.dueWords.length}
          </Toggle>
        )}
        {ready && found.known && <KnownShare known={found.known} />}
        <span aria-live="polite" className="text-ink-mute">
          {parse.isError ? null : !ready ? <span data-testid="marks-loading">正在分析文章…</span> : null}
        </span>
      </div>
      {parse.isError && (
        <p data-testid="marks-error" role="alert" className="mb-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          文章分析失败：{parse.error instanceof ApiError || parse.error instanceof Error ? parse.error.message : '未知错误'}
          。仍可点击单词查词。
          <button
            type="button"
            onClick={() => void parse.refetch()}
            className="ml-2 rounded px-1 font-medium text-rose-900 underline underline-offset-2 hover:bg-rose-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
          >
            重试
          </button>
        </p>
      )}
      {toggles.phrasesOn && withheld && (
        <p data-testid="phrases-withheld" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {withheld.description}
          <Link href="/vip" className="ml-2 font-medium text-brand-700 underline underline-offset-2">
            开通会员
          </Link>
        </p>
      )}
    </>
  );
}

/** What is marked, counted and listed: the words themselves for those who cannot see the colours. */
export function MarksLegend({ marks, className = '' }: { marks: PassageMarksState; className?: string }) {
  const { marks: found, exam, canStrange, withheld, toggles } = marks;
  const dueShown = toggles.dueOn && canStrange && !!found && found.dueWords.length > 0;
  if (!found || !(toggles.examOn || toggles.strangeOn || (toggles.phrasesOn && !withheld) || dueShown)) return null;
  const examWords = exam ? (found.examWords[exam] ?? []) : [];
  return (
    <div data-testid="marks-legend" className={`flex flex-col gap-2 text-sm text-ink-soft ${className}`}>
      {toggles.examOn && exam && (
        <div data-testid="legend-exam" className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="flex items-center gap-2">
            <span aria-hidden className="inline-block h-3 w-5 rounded-sm bg-sky-100 ring-1 ring-sky-300" />
            {examName(exam)}词 {examWords.length} 个<span className="text-xs text-ink-mute">（不含更低阶段考试已有的词）</span>
          </span>
          <WordChips words={examWords} className="bg-sky-50 text-sky-900" />
        </div>
      )}
      {toggles.strangeOn && canStrange && (
        <div data-testid="legend-strange" className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="flex items-center gap-2">
            <span aria-hidden className="inline-block h-3 w-5 rounded-sm bg-rose-100 ring-1 ring-rose-400" />
            生词 {found.strangeWords.length} 个
          </span>
          <WordChips testId="strange-list" words={found.strangeWords} className="bg-rose-50 font-medium text-rose-800" />
        </div>
      )}
      {dueShown && (
        <div data-testid="legend-due" className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="flex items-center gap-2">
            <span aria-hidden className="inline-block h-3 w-5 rounded-sm bg-orange-100 ring-1 ring-orange-400" />
            待复习 {found.dueWords.length} 个<span className="text-xs text-ink-mute">（点一下，说说还记不记得）</span>
          </span>
          <WordChips testId="due-list" words={found.dueWords} className="bg-orange-50 text-orange-900" />
        </div>
      )}
      {toggles.phrasesOn && !withheld && (
        <div data-testid="legend-phrases" className="flex flex-col gap-1">
          <span className="flex items-center gap-2">
            <span aria-hidden className="inline-block h-3 w-5 rounded-sm shadow-[inset_0_-2px_0_#7c3aed]" />
            词组 {found.phrases.length} 个
          </span>
          {found.phrases.length > 0 && (
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {uniquePhrases(found.phrases).map((p) => (
                <li key={p.phrase}>
                  <span lang="en" className="font-medium text-ink">
                    {p.phrase}
                  </span>
                  {p.zh && <span className="ml-1 text-ink-mute">{p.zh}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** 本文已认识 N%: of the passage's distinct words, those the learner marked 熟词 or knows from review. */
export function KnownShare({ known }: { known: { words: number; of: number; share: number } }) {
  return (
    <span
      data-testid="known-share"
      title={`按你标为熟词、以及复习中已牢固记住（稳定超过 21 天）的词计算：${known.words} / ${known.of} 个词`}
      className="rounded-lg bg-emerald-50 px-2 py-1 text-emerald-800"
    >
      本文已认识 <span className="font-semibold tabular-nums">{Math.round(known.share * 100)}%</span>
    </span>
  );
}

/** Up to 30 words as chips, then 等. */
function WordChips({ words, className, testId }: { words: readonly string[]; className: string; testId?: string }) {
  if (words.length === 0) return null;
  return (
    <ul data-testid={testId} lang="en" className="flex flex-wrap gap-1">
      {words.slice(0, 30).map((word) => (
        <li key={word} className={`rounded px-1.5 ${className}`}>
          {word}
        </li>
      ))}
      {words.length > 30 && <li className="text-ink-mute">等</li>}
    </ul>
  );
}

const uniquePhrases = <P extends { phrase: string }>(phrases: readonly P[]) => {
  const seen = new Set<string>();
  return phrases.filter((p) => !seen.has(p.phrase) && seen.add(p.phrase));
};

function Toggle({
  testId,
  pressed,
  disabled,
  onChange,
  children,
}: {
  testId: string;
  pressed: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onChange(!pressed)}
      className={`rounded-lg border px-3 py-1.5 font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50 ${
        pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-ink-soft hover:bg-slate-50'
      }`}
    >
      {children}
    </button>
  );
}
