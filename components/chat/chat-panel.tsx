'use client';

import { useEffect, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import type { Constituent } from '@/lib/client/analysis/layers';
import type { ChatMessage } from '@/lib/client/chat/chat-state';
import { rehypeGrammarFragments } from '@/lib/client/chat/fragments';
import type { TutorChat } from '@/lib/client/chat/use-tutor-chat';
import { ModelMarkdown } from '@/components/ui/model-markdown';
import { markdownClass } from '@/components/ui/markdown-look';
import { FeedbackThumbs } from './reply-feedback';
import { Button } from '@/components/ui/button';
import { SendIcon } from '@/components/ui/icons';

/** Spec section 9: the chat scrolls to its newest message 100 ms after new content. */
export const AUTO_SCROLL_DELAY_MS = 100;

export const CHAT_GREETING = '你好！我是你的 AI 语法助教。点击上面句子里的任意成分，选一个推荐问题，或者在下面输入你的问题。';
export const PICK_CONSTITUENT_HINT = '请先点击句子中的一个成分，再提问';

/**
 * The chat panel (spec section 2): the tutor's greeting while empty, the learner's messages on
 * the right and the tutor's on the left, a loading indicator while a reply is on its way, replies
 * streaming in with the grammar points they name clickable, thumbs on each reply, an input that
 * sends with Enter or the send icon (active only with text and no pending reply), and a link to
 * start a new conversation when that is enabled.
 */
export function ChatPanel({
  chat,
  selected,
  grammarNames,
  onExplain,
  newConversation,
  placeholder,
}: {
  chat: TutorChat;
  /** The constituent a question will be about (spec section 5: one must be selected). */
  selected: Constituent | null;
  /** Grammar point names that become clickable in replies. */
  grammarNames: readonly string[];
  /** A grammar point (or a reply) to explain, with the round it belongs to. */
  onExplain: (answer: string, roundId: number) => void;
  newConversation?: { onStart: () => void; pending: boolean };
  placeholder?: string;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [hint, setHint] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const { messages, pending } = chat.state;

  // Each new piece of a reply moves the list down, 100 ms later.
  const lastText = messages.at(-1)?.text;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it follows the content, which these name
  useEffect(() => {
    const timer = setTimeout(() => {
      const el = list.current;
      if (el) el.scrollTop = el.scrollHeight;
    }, AUTO_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [messages.length, lastText]);

  useEffect(() => {
    if (selected) setHint(false);
  }, [selected]);

  const canSend = text.trim().length > 0 && !pending;
  const send = () => {
    if (!canSend) return;
    if (!selected) {
      setHint(true);
      return;
    }
    if (chat.ask(text, selected, 'chat')) setText('');
  };

  return (
    <section data-testid="chat-panel" aria-label="AI 助教" className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 pb-2">
        <h2 className="text-base font-semibold">AI 助教</h2>
        {newConversation && (
          <button
            type="button"
            data-testid="new-conversation"
            onClick={newConversation.onStart}
            disabled={newConversation.pending || pending}
            className="text-sm text-brand-600 hover:underline disabled:cursor-not-allowed disabled:opacity-50"
          >
            新对话
          </button>
        )}
      </div>
      <div
        ref={list}
        role="log"
        aria-live="polite"
        aria-label="对话"
        data-testid="chat-messages"
        className="flex max-h-[28rem] min-h-[8rem] flex-col gap-3 overflow-y-auto overscroll-contain rounded-xl bg-slate-50 p-3"
      >
        {messages.length === 0 ? (
          <SystemBubble>
            <p data-testid="chat-greeting">{CHAT_GREETING}</p>
          </SystemBubble>
        ) : (
          messages.map((m) =>
            m.sender === 'user' ? (
              <UserMessage key={m.id} message={m} />
            ) : (
              <SystemMessage
                key={m.id}
                message={m}
                grammarNames={grammarNames}
                onExplain={(answer) => onExplain(answer, m.roundId)}
                onRate={(v) => chat.rate(m.roundId, v)}
              />
            ),
          )
        )}
      </div>
      <form
        className="mt-2"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <div className="flex items-end gap-2 rounded-xl border border-slate-300 bg-white p-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100">
          <label htmlFor={inputId} className="sr-only">
            输入你的问题
          </label>
          <textarea
            id={inputId}
            data-testid="chat-input"
            value={text}
            rows={1}
            maxLength={5_000}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Enter sends; Shift+Enter starts a new line; a composing input method keeps its Enter.
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
            placeholder={placeholder ?? (selected ? `问问「${selected.label}」…` : '先点击句子中的成分，再输入问题')}
            className="max-h-32 min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 text-base outline-none placeholder:text-ink-mute"
          />
          <Button
            type="submit"
            data-testid="chat-send"
            aria-label="发送"
            disabled={!canSend}
            className="grid size-9 shrink-0 place-items-center"
          >
            <SendIcon />
          </Button>
        </div>
        {hint && (
          <p role="alert" data-testid="chat-hint" className="mt-1 text-sm text-amber-700">
            {PICK_CONSTITUENT_HINT}
          </p>
        )}
        {selected && (
          <p className="mt-1 text-xs text-ink-mute">
            提问对象：<span data-testid="chat-selected">{selected.label}</span>
          </p>
        )}
      </form>
    </section>
  );
}

function SystemBubble({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} data-sender="system" className="flex items-start gap-2 self-start pr-8">
      <span
        aria-hidden
        className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-semibold text-white"
      >
        AI
      </span>
      <div className="min-w-0 rounded-2xl rounded-tl-sm bg-white px-3 py-2 text-[15px] shadow-sm ring-1 ring-slate-200">
        {children}
      </div>
    </div>
  );
}

function UserMessage({ message }: { message: ChatMessage }) {
  return (
    <div data-testid="chat-message" data-sender="user" className="flex flex-col items-end gap-1 self-end pl-8">
      {message.constituent && <span className="text-xs text-ink-mute">关于「{message.constituent.label}」</span>}
      <p className="whitespace-pre-wrap break-words rounded-2xl rounded-tr-sm bg-brand-600 px-3 py-2 text-[15px] text-white">
        {message.text}
      </p>
    </div>
  );
}

function SystemMessage({
  message,
  grammarNames,
  onExplain,
  onRate,
}: {
  message: ChatMessage;
  grammarNames: readonly string[];
  onExplain: (answer: string) => void;
  onRate: (value: 1 | -1) => void;
}) {
  const rehypePlugins = useMemo(() => [rehypeGrammarFragments(grammarNames)], [grammarNames]);
  const components = useMemo(
    () => ({
      button: ({ node: _node, ...props }: ComponentPropsWithoutRef<'button'> & { node?: unknown }) => {
        const name = (props as Record<string, unknown>)['data-grammar-point'];
        if (typeof name !== 'string') return <button type="button" {...props} />;
        return (
          <button
            type="button"
            data-testid="answer-fragment"
            onClick={() => onExplain(name)}
            className="rounded px-0.5 font-medium text-brand-700 underline decoration-dotted underline-offset-4 hover:bg-brand-50"
          >
            {name}
          </button>
        );
      },
    }),
    [onExplain],
  );
  return (
    <div data-testid="chat-message" data-sender="system" data-streaming={message.streaming || undefined} className="self-start">
      <SystemBubble>
        {message.loading ? (
          <span role="status" aria-label="正在回答" data-testid="chat-loading" className="flex gap-1 py-1.5">
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]" />
          </span>
        ) : (
          <div data-testid="chat-reply" className={markdownClass}>
            <ModelMarkdown rehypePlugins={rehypePlugins} components={components}>
              {message.text}
            </ModelMarkdown>
            {message.streaming && (
              <span aria-hidden className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-slate-400 align-middle" />
            )}
          </div>
        )}
        {message.error && (
          <p role="alert" data-testid="chat-error" className="mt-1 text-sm text-red-600">
            {message.error}
          </p>
        )}
      </SystemBubble>
      {!message.loading && !message.streaming && !message.error && (
        <div className="ml-9 mt-1 flex items-center gap-1">
          <FeedbackThumbs value={message.evaluate} onRate={onRate} />
        </div>
      )}
    </div>
  );
}
