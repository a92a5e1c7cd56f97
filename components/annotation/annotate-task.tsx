'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { useRequireLogin } from '@/components/account/use-require-login';
import {
  ANNOTATE_SUCCESS_TOAST_MS,
  annotateMessages,
  contextOfWord,
  initialChoice,
  sameSense,
  senseOptions,
  sentencePieces,
  toggleChoice,
  type AnnotationTask,
  type SenseId,
  type SenseOption,
} from '@/lib/client/annotation/annotate-selection';
import { submitAnnotation } from '@/lib/client/annotation/queries';
import { ApiError } from '@/lib/client/errors';
import { toast } from '@/lib/client/toast';
import { useCurrentUser } from '@/lib/client/user';
import { lookUpWord } from '@/lib/client/word-lookup';
import { Button } from '@/components/ui/button';

/** One task: the sentence, the senses to choose from (one at most, or Other) and 提交. */
export function AnnotateTaskForm({ uid, task, onSubmitted }: { uid: string; task: AnnotationTask; onSubmitted: () => void }) {
  const options = useMemo(() => senseOptions(task), [task]);
  const [choice, setChoice] = useState<SenseId | null>(() => {
    const held = heldChoice(uid, task);
    return held === undefined ? initialChoice(task) : held;
  });
  useEffect(releaseHeldChoice, []);
  const [submitting, setSubmitting] = useState(false);
  const requireLogin = useRequireLogin();
  // Answers are kept under the annotator's account; until the user query says who that is,
  // assume someone is logged in rather than flash the hint.
  const loggedOut = useCurrentUser().data === null;
  const headingId = useId();
  const target = task.words[task.target_word_index] ?? '';
  const chosen = options.find((o) => sameSense(o.id, choice));

  async function submit() {
    if (submitting) return;
    setSubmitting(true);
    try {
      await submitAnnotation(uid, task, choice);
      toast.success(annotateMessages.submitted, ANNOTATE_SUCCESS_TOAST_MS);
      onSubmitted();
      return;
    } catch (error) {
      // Not logged in (or the session ended): log in, and the choice is still there afterwards.
      if (error instanceof ApiError && error.httpStatus === 401) {
        holdChoice(uid, task, choice);
        requireLogin();
      }
      // Spec section 8: the answer's description, else the default message.
      else toast.error((error instanceof ApiError && error.description) || annotateMessages.submitFailed);
    }
    setSubmitting(false);
  }

  return (
    <div data-testid="annotate-task" data-task={task.current_word_index} className="flex flex-col gap-5">
      <section aria-label="句子" className="rounded-2xl border border-slate-200 bg-white p-5">
        <p data-testid="annotate-sentence" lang="en" className="reading-text leading-loose">
          <SentenceWords task={task} />
        </p>
        <p className="mt-3 text-xs text-ink-mute">任务编号 #{task.current_word_index}</p>
      </section>

      <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id={headingId} className="font-semibold">
          <span lang="en" data-testid="annotate-target" className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-brand-700">
            {target}
          </span>
          在句中的意思是？
        </h2>
        <p className="mt-1 text-xs text-ink-mute">只能选一项；再点一次可取消选择</p>
        {/* biome-ignore lint/a11y/useSemanticElements: a list of choices named by the question above, not a form's fieldset */}
        <ul role="group" aria-labelledby={headingId} className="mt-4 flex flex-col gap-2">
          {options.map((option) => (
            <SenseChoice
              key={String(option.id)}
              option={option}
              checked={sameSense(option.id, choice)}
              onChange={(checked) => setChoice((current) => toggleChoice(current, option.id, checked))}
            />
          ))}
        </ul>
      </section>

      <div className="sticky bottom-0 -mx-4 flex items-center gap-3 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        <div className="min-w-0 flex-1">
          <p data-testid="annotate-choice" aria-live="polite" className="truncate text-sm text-ink-soft">
            {chosen ? `已选：${optionTitle(chosen)}` : '未选择释义（提交时记为不选）'}
          </p>
          {loggedOut && (
            <p data-testid="annotate-login-hint" className="truncate text-xs text-ink-mute">
              标注记录在你的账号下，提交前请先登录
            </p>
          )}
        </div>
        <Button size="lg" data-testid="annotate-submit" onClick={() => void submit()} disabled={submitting} className="shrink-0">
          {submitting ? '提交中…' : '提交'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Logging in reloads the page; the choice made before it is kept for that one reload (in the
 * tab's session storage) so that the annotator submits it without choosing again.
 */
const HELD_CHOICE_KEY = 'yj_annotate_choice';

function holdChoice(uid: string, task: AnnotationTask, choice: SenseId | null) {
  try {
    sessionStorage.setItem(HELD_CHOICE_KEY, JSON.stringify({ uid, task: task.current_word_index, choice }));
  } catch {
    // storage unavailable: the annotator chooses again
  }
}

function heldChoice(uid: string, task: AnnotationTask): SenseId | null | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  try {
    const raw = sessionStorage.getItem(HELD_CHOICE_KEY);
    if (!raw) return undefined;
    const held = JSON.parse(raw) as { uid?: unknown; task?: unknown; choice?: unknown };
    if (held.uid !== uid || held.task !== task.current_word_index) return undefined;
    const offered = senseOptions(task).find((o) => sameSense(o.id, held.choice as SenseId));
    return held.choice === null ? null : offered?.id;
  } catch {
    return undefined;
  }
}

function releaseHeldChoice() {
  try {
    sessionStorage.removeItem(HELD_CHOICE_KEY);
  } catch {
    // nothing held
  }
}

const optionTitle = (o: SenseOption) => (o.isOther ? '其他' : [o.pos?.label, o.chinese ?? o.english].filter(Boolean).join(' '));

function SentenceWords({ task }: { task: AnnotationTask }) {
  const pieces = useMemo(() => sentencePieces(task.words), [task.words]);
  return pieces.map((piece, i) => {
    const isTarget = i === task.target_word_index;
    const isWord = /[\p{L}\p{N}]/u.test(piece.word);
    return (
      <span key={i}>
        {piece.spaceBefore && ' '}
        {isWord ? (
          <button
            type="button"
            data-testid="annotate-word"
            data-target={isTarget || undefined}
            aria-current={isTarget ? 'true' : undefined}
            onClick={(event) => lookUpWord({ ...contextOfWord(task.words, i), from: 'annotate' }, event.currentTarget)}
            className={`rounded transition hover:bg-brand-100 ${
              isTarget
                ? 'bg-amber-100 px-1 font-semibold text-brand-700 underline decoration-amber-500 decoration-2 underline-offset-4'
                : ''
            }`}
          >
            {piece.word}
          </button>
        ) : (
          piece.word
        )}
      </span>
    );
  });
}

function SenseChoice({
  option,
  checked,
  onChange,
}: {
  option: SenseOption;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li>
      <label
        data-testid="annotate-sense"
        data-sense-id={String(option.id)}
        className={`flex cursor-pointer gap-3 rounded-xl border px-4 py-3 transition ${
          checked ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50'
        }`}
      >
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-1 size-4 shrink-0 accent-brand-600"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            {option.isOther ? (
              <span className="font-medium">其他</span>
            ) : (
              <>
                {option.pos && (
                  <span title={option.pos.name} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-ink-soft">
                    {option.pos.label}
                  </span>
                )}
                {option.chinese && <span className="font-medium">{option.chinese}</span>}
              </>
            )}
            {option.recommended && (
              <span data-testid="annotate-recommended" className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-700">
                推荐
              </span>
            )}
          </span>
          <span lang={option.isOther ? undefined : 'en'} className="mt-0.5 block break-words text-sm text-ink-soft">
            {option.isOther ? '以上释义都不符合' : option.english}
          </span>
        </span>
      </label>
    </li>
  );
}
