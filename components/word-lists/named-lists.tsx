'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '@/lib/client/errors';
import { useInfiniteQuery } from '@/lib/client/query';
import type { NamedListWord, NamedWordList } from '@/lib/contract';
import { wordListLimits } from '@/lib/contract';
import {
  fetchNamedListPage,
  type ListChange,
  namedListWordsKey,
  useListChange,
  useNamedLists,
} from '@/lib/client/word-lists/named-lists';
import { errorMessage, isLoggedOut } from '@/lib/client/word-lists/queries';
import { mergePages, nextPageParam, wordKey } from '@/lib/client/word-lists/word-list-model';
import { EmptyState, ListError, ListSkeleton, LoadMore, LoginRequired } from './history-list-states';
import { KeptSentence, KeptWordHead, openKeptWord, useWordInSentence } from './word-list-row';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';

/**
 * The learner's named word lists (词单) on /Words: the lists as chips with their counts and a
 * way to make one, and one list (`/Words?list=12`) with its words, renaming, deleting and its
 * PDF. Words come in from the word panel's 加入词单.
 */

const chip = 'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm';

export function NamedListsNav({ account, activeId }: { account: string; activeId: number | null }) {
  const lists = useNamedLists(account);
  const [creating, setCreating] = useState(false);
  const router = useRouter();

  return (
    <nav aria-label="我的词单" data-testid="named-lists" className="mt-4 flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-medium text-ink-soft">我的词单</span>
      {lists.isPending && <span className="text-sm text-ink-mute">加载中…</span>}
      {lists.isError && !isLoggedOut(lists.error) && (
        <span role="alert" className="text-sm text-red-600">
          词单加载失败：{errorMessage(lists.error)}
        </span>
      )}
      {lists.data?.map((list) => (
        <Link
          key={list.list_id}
          href={`/Words?list=${list.list_id}`}
          data-testid="named-list-chip"
          aria-current={list.list_id === activeId ? 'page' : undefined}
          className={`${chip} ${
            list.list_id === activeId
              ? 'border-brand-600 bg-brand-50 text-brand-700'
              : 'border-slate-300 bg-white hover:bg-slate-50'
          }`}
        >
          <span className="max-w-[12rem] truncate">{list.name}</span>
          <span className="text-xs text-ink-mute">{list.words}</span>
        </Link>
      ))}
      {creating ? (
        <ListNameForm
          account={account}
          label="新词单名称"
          submitLabel="创建"
          change={(name) => ({ action: 'create', name })}
          onSaved={(list) => {
            setCreating(false);
            if (list) router.push(`/Words?list=${list.list_id}`);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <button
          type="button"
          data-testid="named-list-new"
          onClick={() => setCreating(true)}
          className={`${chip} border-dashed border-slate-400 text-ink-soft hover:border-brand-500 hover:text-brand-700`}
        >
          + 新建词单
        </button>
      )}
    </nav>
  );
}

/** A list's name typed in place: Enter saves, Escape cancels; the upstream's refusal is toasted. */
function ListNameForm({
  account,
  label,
  submitLabel,
  initial = '',
  change,
  onSaved,
  onCancel,
}: {
  account: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** The change the typed name makes: a new list, or a new name. */
  change: (name: string) => ListChange;
  onSaved: (list: NamedWordList | null) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const save = useListChange(account);
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || save.isPending) return;
    save.mutate(change(trimmed), { onSuccess: (list: NamedWordList | null) => onSaved(list) });
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2" data-testid="named-list-name-form">
      <input
        // biome-ignore lint/a11y/noAutofocus: the form opens on the learner's click, to type the name
        autoFocus
        aria-label={label}
        data-testid="named-list-name"
        value={name}
        maxLength={wordListLimits.maxName}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Escape') onCancel();
        }}
        placeholder={label}
        className={fieldClass('sm', 'w-44')}
      />
      <Button size="sm" type="submit" data-testid="named-list-name-save" disabled={!trimmed || save.isPending}>
        {save.isPending ? '保存中…' : submitLabel}
      </Button>
      <button type="button" onClick={onCancel} className="text-sm text-ink-soft hover:text-ink">
        取消
      </button>
    </form>
  );
}

/** One named list: its words newest first, each in its sentence, with renaming, deleting and its PDF. */
export function NamedListView({ account, listId }: { account: string; listId: number }) {
  const query = useInfiniteQuery({
    queryKey: namedListWordsKey(account, listId),
    queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) => fetchNamedListPage(listId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const words = useMemo(() => mergePages(query.data?.pages, wordKey), [query.data]);
  const list = query.data?.pages.at(-1)?.list;

  if (query.isPending) return <ListSkeleton label="正在加载词单" />;
  if (query.isError && !query.data) {
    if (isLoggedOut(query.error)) return <LoginRequired title="登录已过期" text="请重新登录后查看词单。" />;
    if (query.error instanceof ApiError && query.error.httpStatus === 404) return <ListGone />;
    return <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  if (!list)
    return <EmptyState title="这个词单不存在" text="它可能已被删除。" action={{ href: '/Words', label: '回到单词本' }} />;

  const total = query.data.pages.at(-1)?.total ?? words.length;
  return (
    <section data-testid="named-list" aria-labelledby="named-list-title">
      <ListHeader account={account} list={list} />
      {words.length === 0 ? (
        <EmptyState
          title="词单里还没有单词"
          text="阅读或查词时点击单词，在释义弹窗里选“加入词单”，就能把单词和它所在的句子收进来。"
          action={{ href: '/ContextualDict', label: '去语境词典查词' }}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {words.map((word) => (
              <NamedListRow key={word.lemma} account={account} listId={listId} word={word} />
            ))}
          </ul>
          <LoadMore query={query} shown={words.length} total={total} />
        </>
      )}
    </section>
  );
}

/** A list that is not there: deleted, or never the learner's. */
function ListGone() {
  return <EmptyState title="这个词单不存在" text="它可能已被删除。" action={{ href: '/Words', label: '回到单词本' }} />;
}

function ListHeader({ account, list }: { account: string; list: NamedWordList }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useListChange(account);
  const router = useRouter();
  const action = 'text-sm text-brand-600 hover:underline disabled:opacity-50';

  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
      {renaming ? (
        <ListNameForm
          account={account}
          label="词单名称"
          submitLabel="保存"
          initial={list.name}
          change={(name) => ({ action: 'rename', list_id: list.list_id, name })}
          onSaved={() => setRenaming(false)}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <h2 id="named-list-title" data-testid="named-list-title" className="text-lg font-semibold">
          {list.name}
          <span className="ml-2 text-sm font-normal text-ink-mute">{list.words} 个单词</span>
        </h2>
      )}
      <div className="ml-auto flex items-center gap-4">
        {!renaming && (
          <button type="button" data-testid="named-list-rename" onClick={() => setRenaming(true)} className={action}>
            重命名
          </button>
        )}
        {list.words > 0 && (
          <Link href={`/pdf?source=named_list&list_id=${list.list_id}`} data-testid="named-list-export-pdf" className={action}>
            导出 PDF
          </Link>
        )}
        {confirming ? (
          // biome-ignore lint/a11y/useSemanticElements: a confirm-or-cancel pair, not a form's fieldset
          <span className="flex items-center gap-2 text-sm" role="group" aria-label="确认删除词单">
            <span className="text-ink-soft">删除后不能恢复</span>
            <button
              type="button"
              data-testid="named-list-delete-confirm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate({ action: 'delete', list_id: list.list_id }, { onSuccess: () => router.push('/Words') })
              }
              className="rounded-md bg-red-600 px-2.5 py-1 font-medium text-white hover:bg-red-700 disabled:opacity-50"
            >
              {remove.isPending ? '删除中…' : '确认删除'}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="text-ink-soft hover:text-ink">
              取消
            </button>
          </span>
        ) : (
          <button type="button" data-testid="named-list-delete" onClick={() => setConfirming(true)} className={action}>
            删除词单
          </button>
        )}
      </div>
    </div>
  );
}

function NamedListRow({ account, listId, word }: { account: string; listId: number; word: NamedListWord }) {
  const located = useWordInSentence(word.word, word.sentence);
  const remove = useListChange(account);
  return (
    <li data-testid="named-list-row" data-lemma={word.lemma} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <KeptWordHead
          word={word.word}
          lemma={word.lemma}
          testId="named-list-word"
          onOpen={(anchor) => openKeptWord(located, word.word, 'Words', anchor)}
        />
        <button
          type="button"
          data-testid="named-list-remove-word"
          aria-label={`从词单移除 ${word.word}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ action: 'remove_word', list_id: listId, lemma: word.lemma })}
          className="ml-auto rounded-lg border border-slate-300 px-3 py-1 text-sm text-ink-soft hover:border-red-300 hover:text-red-700 disabled:opacity-50"
        >
          移除
        </button>
      </div>
      <KeptSentence located={located} />
    </li>
  );
}
