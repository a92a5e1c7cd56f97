'use client';

import { useQuery } from '@/lib/client/query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/client/errors';
import { useCurrentUser } from '@/lib/client/user';
import { fetchWordSheet, saveFile } from '@/lib/client/word-lists/pdf-export';
import { errorMessage, fetchWords, isLoggedOut } from '@/lib/client/word-lists/queries';
import type { Strange } from '@/lib/client/word-lists/word-list-model';
import { LoginRequired } from './history-list-states';

/**
 * /pdf: a word list as a printable PDF. The learner picks the list (生词本 or 熟词本, with how
 * many words each holds) and whether the examples and the Chinese are printed, and downloads.
 * The word lists' screens link here with their list chosen (`?source=word_list&strange=1`).
 */

const lists: readonly { strange: Strange; name: string; hint: string }[] = [
  { strange: 1, name: '生词本', hint: '标记为“生词”的单词，打印出来集中背' },
  { strange: 0, name: '熟词本', hint: '标记为“熟词”的单词，打印出来复习巩固' },
];

type Status = { kind: 'idle' } | { kind: 'working' } | { kind: 'done'; fileName: string } | { kind: 'failed'; message: string };

export function PdfExportScreen() {
  const { data: user } = useCurrentUser();
  const params = useSearchParams();
  const initial: Strange = params.get('source') === 'word_list' && params.get('strange') === '0' ? 0 : 1;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">导出 PDF</h1>
          <p className="mt-1 text-sm text-ink-soft">把单词本导出为 A4 打印版：单词、英美音标、中文释义和例句</p>
        </div>
        <Link href="/Words" className="text-sm text-brand-600 hover:underline">
          ← 返回单词本
        </Link>
      </div>
      <div className="mt-6">
        {user ? (
          <ExportForm account={user.account} initial={initial} />
        ) : (
          <LoginRequired title="登录后导出单词本" text="登录后，可以把你的生词本或熟词本导出为 PDF，打印出来随时复习。" />
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

function ExportForm({ account, initial }: { account: string; initial: Strange }) {
  const [strange, setStrange] = useState<Strange>(initial);
  const [examples, setExamples] = useState(true);
  const [chinese, setChinese] = useState(true);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [loggedOut, setLoggedOut] = useState(false);
  const totals = { 1: useListTotal(account, 1), 0: useListTotal(account, 0) } as const;
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  const selected = totals[strange];
  const count = selected.data;
  const listName = lists.find((l) => l.strange === strange)!.name;

  if (loggedOut || (selected.isError && isLoggedOut(selected.error))) {
    return <LoginRequired title="登录已过期" text="请重新登录后导出单词本。" />;
  }

  const download = async () => {
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setStatus({ kind: 'working' });
    try {
      const { blob, fileName } = await fetchWordSheet(
        {
          source: 'word_list',
          strange: String(strange) as '0' | '1',
          examples: examples ? '1' : '0',
          chinese: chinese ? '1' : '0',
        },
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
  const empty = count === 0;

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
          {lists.map((list) => {
            const total = totals[list.strange];
            const checked = list.strange === strange;
            return (
              <label
                key={list.strange}
                data-testid={`pdf-source-${list.strange === 1 ? 'strange' : 'familiar'}`}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 transition ${
                  checked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200 hover:border-slate-300'
                }`}
              >
                <input
                  type="radio"
                  name="pdf-source"
                  className="mt-1 accent-brand-600"
                  checked={checked}
                  onChange={() => {
                    setStrange(list.strange);
                    setStatus({ kind: 'idle' });
                  }}
                />
                <span className="flex flex-col">
                  <span className="font-medium">
                    {list.name}
                    <span className="ml-2 text-sm font-normal text-ink-soft" data-testid="pdf-source-count">
                      {total.isPending ? '…' : total.isError ? '数量未知' : `${total.data} 个单词`}
                    </span>
                  </span>
                  <span className="mt-1 text-xs text-ink-mute">{list.hint}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-ink">打印内容</legend>
        <div className="mt-3 flex flex-col gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              data-testid="pdf-option-chinese"
              className="accent-brand-600"
              checked={chinese}
              onChange={(e) => setChinese(e.target.checked)}
            />
            包含中文释义
            <span className="text-xs text-ink-mute">（不勾选可用来自测：只印单词和音标）</span>
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              data-testid="pdf-option-examples"
              className="accent-brand-600"
              checked={examples}
              onChange={(e) => setExamples(e.target.checked)}
            />
            包含例句<span className="text-xs text-ink-mute">（你遇到这个单词时的原句）</span>
          </label>
        </div>
      </fieldset>

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center">
        <button
          type="submit"
          data-testid="pdf-download"
          disabled={working || empty || selected.isPending}
          aria-busy={working}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {working && <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
          {working ? '正在生成 PDF…' : `下载${listName} PDF`}
        </button>
        <div aria-live="polite" className="text-sm">
          {empty && (
            <p data-testid="pdf-empty" className="text-ink-soft">
              {listName}里还没有单词。在
              <Link href="/Words" className="mx-1 text-brand-600 hover:underline">
                单词本
              </Link>
              里把单词标记为“{strange === 1 ? '生词' : '熟词'}”后再来导出。
            </p>
          )}
          {selected.isError && !isLoggedOut(selected.error) && (
            <p className="text-red-700">单词数量加载失败：{errorMessage(selected.error)}</p>
          )}
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
