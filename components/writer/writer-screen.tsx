'use client';

import { Link } from '@/components/ui/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { rememberReturnRoute } from '@/lib/client/return-route';
import { toast } from '@/lib/client/toast';
import { errorText, fetchDraft, useSaveDraft, useWriterCheck } from '@/lib/client/writer/writer';
import { useCurrentUser } from '@/lib/client/user';
import { writerLimits } from '@/lib/contract';
import { RetryButton } from '@/components/ui/retry-button';
import { WriterDrafts } from './writer-drafts';
import { WriterFlagList } from './writer-flag-list';
import { WriterMarkedText } from './writer-marked-text';
import { WriterProfileCard } from './writer-profile';
import { WriterReview } from './writer-review';
import { Button } from '@/components/ui/button';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const countWords = (text: string) => text.match(/[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*/g)?.length ?? 0;

/**
 * /writer (bare: no header or footer): the learner writes or pastes an English text, checks it
 * (writer_chat) and sees every flag underlined in place and listed with its Chinese explanation,
 * the exam-word profile and, with a model configured, the model's streamed review. A logged-in
 * learner saves drafts; the open draft is in the address (`?draft=`), so a reload reopens it.
 */
export function WriterScreen() {
  const inputId = useId();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const user = useCurrentUser().data;
  const account = user?.account ?? null;

  const [text, setText] = useState('');
  const [draftId, setDraftId] = useState<number | null>(null);
  const [draftState, setDraftState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [selected, setSelected] = useState<number | null>(null);
  const check = useWriterCheck();
  const save = useSaveDraft(account ?? '');
  const result = check.data;
  const stale = result !== undefined && result.checkedText !== text;

  const setDraftInUrl = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('draft');
    else next.set('draft', String(id));
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };

  // The draft in the address opens once, when the learner is known to be logged in; a draft
  // opened or saved here puts its own id there, which is not to be opened again.
  const opened = useRef(false);

  const openDraft = async (id: number) => {
    opened.current = true;
    setDraftState('loading');
    try {
      const draft = await fetchDraft(id);
      setText(draft.text);
      setDraftId(draft.id);
      setDraftState('idle');
      check.reset();
      setSelected(null);
      setDraftInUrl(draft.id);
    } catch (error) {
      setDraftState('failed');
      toast.error(errorText(error, '草稿打开失败'));
    }
  };

  const inUrl = Number(params.get('draft'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens the address's draft once
  useEffect(() => {
    if (opened.current || !account || !Number.isInteger(inUrl) || inUrl <= 0) return;
    void openDraft(inUrl);
  }, [account, inUrl]);

  const runCheck = () => {
    if (text.trim() === '') return;
    setSelected(null);
    check.mutate(text);
  };

  const saveDraft = () => {
    if (!account || text.trim() === '') return;
    save.mutate(
      { ...(draftId !== null ? { id: draftId } : {}), text },
      {
        onSuccess: (draft) => {
          opened.current = true;
          setDraftId(draft.id);
          setDraftInUrl(draft.id);
          toast.success('草稿已保存');
        },
        onError: (error) => toast.error(errorText(error, '草稿保存失败')),
      },
    );
  };

  const newText = () => {
    setText('');
    setDraftId(null);
    setDraftInUrl(null);
    check.reset();
    setSelected(null);
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <Link href="/" className="text-sm text-brand-600 hover:underline">
            ← 语境首页
          </Link>
          <h1 className="text-lg font-semibold md:text-xl">写作助手</h1>
          <span className="ml-auto text-sm text-ink-soft">
            {user ? (
              <span data-testid="writer-user">{user.nickname || user.account}</span>
            ) : user === null ? (
              <Link href="/Login" onClick={rememberReturnRoute} className="text-brand-600 hover:underline">
                登录后保存草稿
              </Link>
            ) : null}
          </span>
        </div>
      </header>

      <main className="mx-auto grid max-w-6xl gap-4 px-4 py-4 md:py-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="flex min-w-0 flex-col gap-4">
          <form
            data-testid="writer-form"
            className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm"
            onSubmit={(event) => {
              event.preventDefault();
              runCheck();
            }}
          >
            <label htmlFor={inputId} className="sr-only">
              英文作文或邮件
            </label>
            <textarea
              id={inputId}
              data-testid="writer-input"
              lang="en"
              rows={10}
              value={text}
              maxLength={writerLimits.maxChars}
              disabled={draftState === 'loading'}
              onChange={(e) => setText(e.target.value)}
              placeholder="在这里写或粘贴一篇英文作文、一封邮件，点“检查”查看拼写、语法、冠词等问题。"
              className="reading-text block w-full resize-y rounded-xl border-0 bg-transparent p-3 leading-relaxed outline-none placeholder:text-base placeholder:text-ink-mute focus:ring-2 focus:ring-brand-100"
            />
            <div className="flex flex-wrap items-center gap-2 px-2 pb-1">
              <span className="text-xs text-ink-mute" data-testid="writer-count">
                {countWords(text)} 词 · {text.length} / {writerLimits.maxChars} 字符
              </span>
              <div className="ml-auto flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={newText}
                  className="rounded-lg px-3 py-1.5 text-sm text-ink-soft hover:bg-slate-100"
                  data-testid="writer-new"
                >
                  新建
                </button>
                {account && (
                  <Button
                    tone="secondary"
                    size="sm"
                    data-testid="writer-save"
                    disabled={save.isPending || text.trim() === ''}
                    onClick={saveDraft}
                  >
                    {save.isPending ? '保存中…' : draftId !== null ? '保存草稿' : '存为草稿'}
                  </Button>
                )}
                <Button type="submit" data-testid="writer-check" disabled={check.isPending || text.trim() === ''}>
                  {check.isPending ? '检查中…' : '检查'}
                </Button>
              </div>
            </div>
            {draftState === 'loading' && (
              <p role="status" className="px-2 pb-1 text-sm text-ink-mute">
                正在打开草稿…
              </p>
            )}
          </form>

          <Card title="批改" testId="writer-result">
            {check.isPending ? (
              <p role="status" className="text-sm text-ink-mute">
                正在检查拼写、语法和用词…
              </p>
            ) : check.isError ? (
              <div role="alert" data-testid="writer-error" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
                {errorText(check.error, '检查失败')}
                <RetryButton testId="writer-retry" tone="alert" onRetry={runCheck} />
              </div>
            ) : result ? (
              <div className="flex flex-col gap-3">
                {stale && (
                  <p className="rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-800">
                    文本已修改，下面是修改前的检查结果，请重新点“检查”。
                  </p>
                )}
                {result.grammar_note && (
                  <p className="rounded-lg bg-slate-50 px-2 py-1 text-sm text-ink-soft">{result.grammar_note}</p>
                )}
                <WriterMarkedText text={result.checkedText} flags={result.flags} selected={selected} onSelect={setSelected} />
              </div>
            ) : (
              <p data-testid="writer-empty" className="text-sm text-ink-mute">
                写好后点“检查”：拼写、主谓一致、冠词、语法分析连不上的句子、重复的词和过长的句子会在原文中标出，并附中文说明。
              </p>
            )}
          </Card>

          {result && !check.isPending && (
            <Card title="AI 点评（大模型）" testId="writer-review-card">
              <WriterReview key={result.checkedText} text={result.checkedText} modelAvailable={result.model_available} />
            </Card>
          )}
        </div>

        <aside className="flex min-w-0 flex-col gap-4">
          {result && !check.isPending && (
            <>
              <Card title="问题列表">
                <WriterFlagList flags={result.flags} selected={selected} onSelect={setSelected} />
              </Card>
              <Card title="词汇分析">
                <WriterProfileCard profile={result.profile} />
              </Card>
            </>
          )}
          <Card title="我的草稿" testId="writer-drafts-card">
            {account ? (
              <WriterDrafts
                account={account}
                openId={draftId}
                onOpen={(id) => void openDraft(id)}
                onDeleted={(id) => {
                  if (id === draftId) {
                    setDraftId(null);
                    setDraftInUrl(null);
                  }
                }}
              />
            ) : user === null ? (
              <p className="text-sm text-ink-soft">
                <Link href="/Login" onClick={rememberReturnRoute} className="text-brand-600 underline underline-offset-2">
                  登录
                </Link>
                后可保存草稿，下次接着写。
              </p>
            ) : (
              <p className="text-sm text-ink-mute">正在读取登录状态…</p>
            )}
          </Card>
        </aside>
      </main>
    </div>
  );
}
