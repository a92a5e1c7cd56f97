'use client';

import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { PhotoTextPicker } from '@/components/photo-text/photo-text-picker';
import type { AutoLookup } from './clickable-text';
import { Button } from '@/components/ui/button';

// The reading mode, fetched as the screen opens (below) rather than with it: see ./dict-reading.tsx.
const loadReading = () => import('./dict-reading');
const DictReading = lazy(loadReading);

/** The longest text a lookup may carry as context (lib/contract: query_word). */
export const MAX_TEXT_LENGTH = 20_000;

export interface ContextualDictScreenProps {
  /** The screen's name, sent as the lookup's `from`. */
  from: string;
  title: string;
  intro: string;
  /** Text to start with (from the link, or a sample); it opens in reading mode. */
  initialText?: string;
  /** The initial text is a sample: a text the visitor saved in this tab replaces it. */
  sample?: boolean;
  /** A word to look up at once in the initial text. */
  autoLookup?: AutoLookup;
  /** Shown above the text, e.g. the free-trial line. */
  notice?: ReactNode;
}

type Mode = 'edit' | 'read';
interface Saved {
  text: string;
  mode: Mode;
}

/** The bar above the text: what the text is, and the switch between editing and reading. */
const barClass = 'flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5';

const storageKey = (from: string) => `yujing:dict-text:${from}`;

function loadSaved(from: string): Saved | null {
  try {
    const raw = sessionStorage.getItem(storageKey(from));
    const saved = raw ? (JSON.parse(raw) as Partial<Saved>) : null;
    if (!saved || typeof saved.text !== 'string' || (saved.mode !== 'edit' && saved.mode !== 'read')) return null;
    return { text: saved.text.slice(0, MAX_TEXT_LENGTH), mode: saved.mode };
  } catch {
    return null;
  }
}

function save(from: string, saved: Saved) {
  try {
    sessionStorage.setItem(storageKey(from), JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the text just does not survive a reload.
  }
}

/**
 * The contextual dictionary (spec: /ContextualDict and its variants): paste or type English,
 * switch to reading mode, and click any word to see the sense that fits its sentence. The text
 * and mode survive a reload (sessionStorage), unless the link brought a text of its own.
 */
export function ContextualDictScreen({
  from,
  title,
  intro,
  initialText,
  sample = false,
  autoLookup,
  notice,
}: ContextualDictScreenProps) {
  const textareaId = useId();
  const fromLink = initialText !== undefined && initialText.trim() !== '';
  const [text, setText] = useState(initialText ?? '');
  const [mode, setMode] = useState<Mode>(fromLink ? 'read' : 'edit');
  // Set once the saved text is restored: only then is the text saved again (saving earlier would
  // overwrite what is being restored), and the screen is ready for input (tests wait for it).
  const [ready, setReady] = useState(false);
  // Whether the reader switched to reading here (then the keyboard goes to the text).
  const [switched, setSwitched] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    void loadReading().catch(() => {
      // Retried when the reading mode is shown; its boundary reports a failure there.
    });
  }, []);

  useEffect(() => {
    // A text that came with the link is what the visitor asked for; a saved one must not hide it.
    if (!fromLink || sample) {
      const saved = loadSaved(from);
      if (saved && (saved.text.trim() || !fromLink)) {
        setText(saved.text);
        setMode(saved.text.trim() ? saved.mode : 'edit');
      }
    }
    setReady(true);
  }, [from, fromLink, sample]);

  useEffect(() => {
    if (ready) save(from, { text, mode });
  }, [ready, from, text, mode]);

  const canRead = text.trim().length > 0;
  const startReading = () => {
    if (!canRead) return;
    setMode('read');
    setSwitched(true);
  };
  // A photo's text goes into the editor to be checked: after the text already there, if any.
  const addPhotoText = (recognised: string) => {
    const appended = text.trim() !== '';
    setText((appended ? `${text.trimEnd()}\n\n${recognised}` : recognised).slice(0, MAX_TEXT_LENGTH));
    requestAnimationFrame(() => textarea.current?.focus());
    return { appended };
  };
  const startEditing = () => {
    setMode('edit');
    requestAnimationFrame(() => textarea.current?.focus());
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 md:py-10">
      <div>
        <h1 className="text-2xl font-semibold md:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-ink-soft md:text-base">{intro}</p>
      </div>
      {notice}
      <section
        data-testid="dict-screen"
        data-ready={ready || undefined}
        className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {mode === 'read' ? (
          <>
            <div className={barClass}>
              <span className="text-sm text-ink-mute" aria-live="polite">
                点击任意单词查看释义<span className="hidden md:inline"> · 方向键移动，回车查词</span>
              </span>
              <Button tone="secondary" size="sm" data-testid="edit-mode" onClick={startEditing}>
                编辑文本
              </Button>
            </div>
            <div className="px-4 py-4 md:px-6 md:py-5">
              <Suspense fallback={<p className="reading-text whitespace-pre-wrap break-words leading-[1.9] text-ink">{text}</p>}>
                <DictReading text={text} from={from} autoLookup={autoLookup} focusFirstWord={switched} />
              </Suspense>
            </div>
          </>
        ) : (
          <>
            <div className="p-2">
              <PhotoTextPicker onText={addPhotoText} />
              <label htmlFor={textareaId} className="sr-only">
                英文原文
              </label>
              <textarea
                id={textareaId}
                ref={textarea}
                data-testid="dict-input"
                lang="en"
                value={text}
                maxLength={MAX_TEXT_LENGTH}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  // Ctrl/⌘ + Enter reads without reaching for the mouse.
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    startReading();
                  }
                }}
                rows={10}
                placeholder="在这里粘贴或输入英文文章、段落或句子，然后点击“开始查词”，再点击任意单词，查看它在这句话里的意思。"
                className="reading-text block min-h-[14rem] w-full resize-y rounded-xl border-0 bg-transparent p-3 leading-relaxed outline-none placeholder:text-base placeholder:text-ink-mute focus:ring-2 focus:ring-brand-100"
              />
            </div>
            {/* Drawn above the text box (order-first) but after it in the document, so that the
                keyboard reaches the box before its submit, 开始查词. */}
            <div className={`order-first ${barClass}`}>
              <span className="text-sm text-ink-mute" aria-live="polite">
                {`${text.length} / ${MAX_TEXT_LENGTH} 字符`}
              </span>
              <div className="flex gap-2">
                {text && (
                  <button
                    type="button"
                    data-testid="clear-text"
                    onClick={() => {
                      setText('');
                      textarea.current?.focus();
                    }}
                    className="rounded-lg px-3 py-1.5 text-sm text-ink-mute hover:bg-slate-50 hover:text-ink"
                  >
                    清空
                  </button>
                )}
                <Button data-testid="read-mode" onClick={startReading} disabled={!canRead}>
                  开始查词
                </Button>
              </div>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
