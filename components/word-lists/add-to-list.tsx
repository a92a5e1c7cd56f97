'use client';

import { useId, useState, type FormEvent } from 'react';
import { callData } from '@/lib/client/api';
import { useMutation, useQueryClient } from '@/lib/client/query';
import { toast } from '@/lib/client/toast';
import { useCurrentUser } from '@/lib/client/user';
import { namedListsKey, useListChange, useNamedLists } from '@/lib/client/word-lists/named-lists';
import { errorMessage } from '@/lib/client/word-lists/queries';
import { wordListLimits } from '@/lib/contract';
import { Button } from '@/components/ui/button';

interface KeptWord {
  word: string;
  lemma: string;
  /** The sentence the word was met in, kept with it. */
  sentence: string;
  /** The sense shown in the word panel and the word's context: the sense becomes a review card. */
  sense_id?: string;
  pre_context?: string;
  post_context?: string;
}

/**
 * 加入词单 in the word panel: a logged-in learner keeps the word, with its sentence, in one of
 * their named lists, or in a new list named on the spot; the sense shown becomes a review card. Anonymous visitors see nothing here
 * (their words go nowhere).
 */
export function AddToList(props: KeptWord) {
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!user) return null;
  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <button
        type="button"
        data-testid="add-to-list"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-ink-soft hover:border-brand-500 hover:text-brand-700"
      >
        {open ? '收起' : '＋ 加入词单'}
      </button>
      {open && <ListPicker id={id} account={user.account} kept={props} onDone={() => setOpen(false)} />}
    </div>
  );
}

function ListPicker({ id, account, kept, onDone }: { id: string; account: string; kept: KeptWord; onDone: () => void }) {
  const lists = useNamedLists(account);
  const add = useListChange(account);
  const [name, setName] = useState('');
  const queryClient = useQueryClient();
  // A new list named here is made and given the word in one call (add_multi_word_list by name).
  const create = useMutation({
    mutationFn: (listName: string) =>
      callData('add_multi_word_list', {
        name: listName,
        words: [{ ...kept }],
      }),
    onSuccess: (data: { list: { name: string } }) => {
      toast.success(`已将 ${kept.word} 加入“${data.list.name}”`);
      onDone();
    },
    onError: (error: unknown) => toast.error(`加入失败：${errorMessage(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: namedListsKey(account) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !create.isPending) create.mutate(name.trim());
  };
  const busy = add.isPending || create.isPending;

  return (
    <div id={id} data-testid="add-to-list-picker" className="mt-2 flex flex-col gap-2">
      {lists.isPending && <p className="text-sm text-ink-mute">正在加载词单…</p>}
      {lists.isError && (
        <p role="alert" className="text-sm text-red-600">
          词单加载失败：{errorMessage(lists.error)}
        </p>
      )}
      {lists.data && lists.data.length > 0 && (
        <ul aria-label="选择词单" className="flex flex-wrap gap-2">
          {lists.data.map((list) => (
            <li key={list.list_id}>
              <button
                type="button"
                data-testid="add-to-list-choice"
                disabled={busy}
                onClick={() => add.mutate({ action: 'add_word', list_id: list.list_id, ...kept }, { onSuccess: () => onDone() })}
                className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-brand-500 hover:text-brand-700 disabled:opacity-50"
              >
                {list.name}
                <span className="ml-1 text-xs text-ink-mute">{list.words}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex items-center gap-2">
        <input
          aria-label="新词单名称"
          data-testid="add-to-list-new-name"
          value={name}
          maxLength={wordListLimits.maxName}
          onChange={(e) => setName(e.target.value)}
          placeholder={lists.data?.length ? '或新建词单' : '新建词单，输入名称'}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
        />
        <Button size="sm" type="submit" data-testid="add-to-list-create" disabled={!name.trim() || busy} className="shrink-0">
          {create.isPending ? '加入中…' : '新建并加入'}
        </Button>
      </form>
    </div>
  );
}
