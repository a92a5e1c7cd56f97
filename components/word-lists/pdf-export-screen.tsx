'use client';

import { useQuery } from '@/lib/client/query';
import { Link } from '@/components/ui/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/client/errors';
import { useCurrentUser } from '@/lib/client/user';
import { fetchWordSheet, saveFile } from '@/lib/client/word-lists/pdf-export';
import { listIdFromParam, useNamedLists } from '@/lib/client/word-lists/named-lists';
import { errorMessage, fetchWords, isLoggedOut } from '@/lib/client/word-lists/queries';
import type { Strange } from '@/lib/client/word-lists/word-list-model';
import { LoginRequired } from './history-list-states';
import { Button } from '@/components/ui/button';

/**
 * /pdf: a word list as a printable PDF. The learner picks the list (生词本, 熟词本 or one of their
 * named lists, with how many words each holds) and whether the examples and the Chinese are
 * printed, and downloads. The word lists' screens link here with their list chosen
 * (`?source=word_list&strange=1`, `?source=named_list&list_id=12`).
 */

const markLists: readonly { strange: Strange; name: string; hint: string }[] = [
  { strange: 1, name: '生词本', hint: '标记为“生词”的单词，打印出来集中背' },
  { strange: 0, name: '熟词本', hint: '标记为“熟词”的单词，打印出来复习巩固' },
];

/** A list to print: what it is called, how many words it holds (null while unknown) and its source. */
interface Choice {
  key: string;
  name: string;
  hint: string;
  count: number | null;
  countFailed: boolean;
  source: { source: 'word_list'; strange: '0' | '1' } | { source: 'named_list'; list_id: string };
  /** Where to gather words for it, for the empty state. */
  fill: string;
}

type Status = { kind: 'idle' } | { kind: 'working' } | { kind: 'done'; fileName: string } | { kind: 'failed'; message: string };

function initialChoice(params: URLSearchParams): string {
  const listId = params.get('source') === 'named_list' ? listIdFromParam(params.get('list_id')) : null;
  if (listId !== null) return `list:${listId}`;
  return params.get('source') === 'word_list' && params.get('strange') === '0' ? 'strange:0' : 'strange:1';
}

export function PdfExportScreen() {
  const { data: user } = useCurrentUser();
  const params = useSearchParams();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">导出 PDF</h1>
          <p className="mt-1 text-sm text-ink-soft">把单词本或词单导出为 A4 打印版：单词、英美音标、中文释义和例句</p>
        </div>
        <Link href="/Words" className="text-sm text-brand-600 hover:underline">
          ← 返回单词本
        </Link>
      </div>
      <div className="mt-6">
        {user ? (
          <ExportForm account={user.account} initial={initialChoice(new URLSearchParams(params.toString()))} />
        ) : (
          <LoginRequired title="登录后导出单词本" text="登录后，可以把你的生词本、熟词本或词单导出为 PDF，打印出来随时复习。" />
        )}
      </div>
    </div>
  );
}

function useListTotal(account: string, strange: Strange) {
  return useQuery({
    // Not under the word lists' key: marking a word rewrites every cached list there, page by page.
    queryKey: ['export_pdf', 'list-total', account, strange],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchWords({ strange }, 1, signal).then((page) => page.total),
  });
}

/** Every list the learner can print: the two mark lists, then their named lists. */
function useChoices(account: string) {
  const totals = { 1: useListTotal(account, 1), 0: useListTotal(account, 0) } as const;
  const named = useNamedLists(account);
  const choices: Choice[] = [
    ...markLists.map((list) => ({
      key: `strange:${list.strange}`,
      name: list.name,
      hint: list.hint,
      count: totals[list.strange].data ?? null,
      countFailed: totals[list.strange].isError,
      source: { source: 'word_list' as const, strange: String(list.strange) as '0' | '1' },
      fill: `在单词本里把单词标记为“${list.strange === 1 ? '生词' : '熟词'}”后再来导出。`,
    })),
    ...(named.data ?? []).map((list) => ({
      key: `list:${list.list_id}`,
      name: list.name,
      hint: '我的词单',
      count: list.words,
      countFailed: false,
      source: { source: 'named_list' as const, list_id: String(list.list_id) },
      fill: '在释义弹窗里选“加入词单”收集单词后再来导出。',
    })),
  ];
  const loggedOut = [totals[0], totals[1], named].some((q) => q.isError && isLoggedOut(q.error));
  return { choices, loggedOut, namedPending: named.isPending };
}

function ExportForm({ account, initial }: { account: string; initial: string }) {
  const [chosen, setChosen] = useState(initial);
  const [examples, setExamples] = useState(true);
  const [chinese, setChinese] = useState(true);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [loggedOut, setLoggedOut] = useState(false);
  const { choices, loggedOut: listsLoggedOut, namedPending } = useChoices(account);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  // A named list asked for by the link is shown once the lists arrive; one that is gone falls back.
  const selected = choices.find((c) => c.key === chosen) ?? (namedPending ? undefined : choices[0]);

  if (loggedOut || listsLoggedOut) {
    return <LoginRequired title="登录已过期" text="请重新登录后导出单词本。" />;
  }

  const download = async () => {
    if (!selected) return;
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setStatus({ kind: 'working' });
    try {
      const { blob, fileName } = await fetchWordSheet(
        { ...selected.source, examples: examples ? '1' : '0', chinese: chinese ? '1' : '0' },
        controller.signal,
      );
      saveFile(blob, fileName);
      setStatus({ kind: 'done', fileName });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'aborted') return;
      if (isLoggedOut(error)) setLoggedOut(true);
      setStatus({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const working = status.kind === 'working';
  const empty = selected?.count === 0;

  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void download();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-ink">选择单词本</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {choices.map((choice) => (
            <ListChoice
              key={choice.key}
              choice={choice}
              checked={choice.key === selected?.key}
              onChoose={() => {
                setChosen(choice.key);
                setStatus({ kind: 'idle' });
              }}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-ink">打印内容</legend>
        <div className="mt-3 flex flex-col gap-2 text-sm">
          <SheetOption testId="pdf-option-chinese" checked={chinese} onChange={setChinese} label="包含中文释义">
            （不勾选可用来自测：只印单词和音标）
          </SheetOption>
          <SheetOption testId="pdf-option-examples" checked={examples} onChange={setExamples} label="包含例句">
            （你遇到这个单词时的原句）
          </SheetOption>
        </div>
      </fieldset>

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center">
        <Button
          size="lg"
          type="submit"
          data-testid="pdf-download"
          disabled={working || empty || !selected || selected.count === null}
          aria-busy={working}
        >
          {working && <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
          {working ? '正在生成 PDF…' : `下载${selected?.name ?? ''} PDF`}
        </Button>
        <div aria-live="polite" className="text-sm">
          {empty && (
            <p data-testid="pdf-empty" className="text-ink-soft">
              {selected.name}里还没有单词。{selected.fill}
              <Link href="/Words" className="ml-1 text-brand-600 hover:underline">
                去单词本
              </Link>
            </p>
          )}
          {selected?.countFailed && <p className="text-red-700">单词数量加载失败，请刷新重试</p>}
          {status.kind === 'done' && (
            <p data-testid="pdf-done" className="text-emerald-700">
              已下载 {status.fileName}
            </p>
          )}
          {status.kind === 'failed' && (
            <p role="alert" data-testid="pdf-error" className="text-red-700">
              导出失败：{status.message}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}

function ListChoice({ choice, checked, onChoose }: { choice: Choice; checked: boolean; onChoose: () => void }) {
  const testId =
    choice.source.source === 'named_list'
      ? `pdf-source-list-${choice.source.list_id}`
      : `pdf-source-${choice.source.strange === '1' ? 'strange' : 'familiar'}`;
  return (
    <label
      data-testid={testId}
      className={`flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 transition ${
        checked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200 hover:border-slate-300'
      }`}
    >
      <input type="radio" name="pdf-source" className="mt-1 accent-brand-600" checked={checked} onChange={onChoose} />
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">
          <span className="break-words">{choice.name}</span>
          <span className="ml-2 text-sm font-normal text-ink-soft" data-testid="pdf-source-count">
            {choice.countFailed ? '数量未知' : choice.count === null ? '…' : `${choice.count} 个单词`}
          </span>
        </span>
        <span className="mt-1 text-xs text-ink-mute">{choice.hint}</span>
      </span>
    </label>
  );
}

function SheetOption({
  testId,
  checked,
  onChange,
  label,
  children,
}: {
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        data-testid={testId}
        className="accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
      <span className="text-xs text-ink-mute">{children}</span>
    </label>
  );
}
