'use client';

import { useMemo, useState } from 'react';
import { Overlay, OverlayBody, OverlayClose, OverlayHeader, OverlayTitle } from '@/components/ui/overlay';
import { RetryButton } from '@/components/ui/retry-button';
import { type Constituent, constituentLayers, type SegmentCell, sameConstituent, spanText } from '@/lib/client/analysis/layers';
import { type ConversationId, useSuggestedQuestions } from '@/lib/client/analysis/queries';
import type { SpanNode } from '@/lib/contract/calls/analysis';
import { toneClasses, toneOf } from './constituent-colors';

/**
 * The constituent analysis (spec section 2): one row per layer of the span tree, the sentence's
 * words in each, coloured segments labelled with their constituent type (marker words dimmed,
 * head words bold). Clicking a word of a segment selects that constituent for the chat and opens
 * the popover of suggested questions about it; choosing one asks it.
 */
export function ConstituentLayers({
  words,
  spans,
  selected,
  onSelect,
  conversationId,
  onAsk,
}: {
  words: readonly string[];
  spans: readonly SpanNode[];
  selected: Constituent | null;
  onSelect: (constituent: Constituent) => void;
  conversationId: ConversationId;
  onAsk: (question: string, constituent: Constituent) => void;
}) {
  const layers = useMemo(() => constituentLayers(words.length, spans), [words.length, spans]);
  const [popover, setPopover] = useState<{ constituent: Constituent; anchor: Element } | null>(null);

  if (layers.length === 0) {
    return (
      <p data-testid="constituents-empty" className="text-sm text-ink-mute">
        这句话没有可以划分的成分。
      </p>
    );
  }

  const choose = (cell: SegmentCell, anchor: Element) => {
    const constituent = { label: cell.label, start: cell.start, end: cell.end };
    onSelect(constituent);
    setPopover({ constituent, anchor });
  };

  return (
    <div data-testid="constituent-layers" className="flex flex-col gap-2" lang="en">
      {layers.map((layer) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of running words, not a form's fieldset
        <div
          key={layer.depth}
          role="group"
          aria-label={`第 ${layer.depth + 1} 层成分`}
          data-testid="constituent-layer"
          data-depth={layer.depth}
          className="flex flex-wrap items-end gap-x-1 gap-y-1.5 border-b border-dashed border-slate-200 pb-2 last:border-b-0"
        >
          {layer.cells.map((cell) =>
            cell.kind === 'gap' ? (
              <span key={`gap-${cell.start}`} aria-hidden className="self-end px-0.5 pb-1 text-sm text-slate-400">
                {spanText(words, cell)}
              </span>
            ) : (
              <Segment
                key={cell.path}
                cell={cell}
                words={words}
                selected={sameConstituent(selected, cell)}
                onChoose={(anchor) => choose(cell, anchor)}
              />
            ),
          )}
        </div>
      ))}
      {popover && (
        <Overlay
          open
          onOpenChange={(open) => !open && setPopover(null)}
          layout={{ wide: 'popover', narrow: 'sheet' }}
          anchor={popover.anchor}
          size="md"
          testId="questions-popover"
        >
          <OverlayHeader className="pb-2">
            <OverlayTitle className="min-w-0 flex-1 text-base font-semibold">
              关于「{popover.constituent.label}」的推荐问题
            </OverlayTitle>
            <OverlayClose />
          </OverlayHeader>
          <OverlayBody className="px-5 pb-4">
            <p lang="en" className="mb-2 text-sm text-ink-mute">
              {spanText(words, popover.constituent)}
            </p>
            <SuggestedQuestions
              constituent={popover.constituent}
              conversationId={conversationId}
              onChoose={(question) => {
                const { constituent } = popover;
                setPopover(null);
                onAsk(question, constituent);
              }}
            />
          </OverlayBody>
        </Overlay>
      )}
    </div>
  );
}

function Segment({
  cell,
  words,
  selected,
  onChoose,
}: {
  cell: SegmentCell;
  words: readonly string[];
  selected: boolean;
  onChoose: (anchor: Element) => void;
}) {
  const tone = toneClasses[toneOf(cell.label)];
  const indexes = Array.from({ length: cell.end - cell.start }, (_, i) => cell.start + i);
  return (
    <span
      data-testid="constituent-segment"
      data-label={cell.label}
      data-start={cell.start}
      data-end={cell.end}
      data-selected={selected || undefined}
      className={`inline-flex max-w-full flex-col rounded-md px-1 pb-0.5 pt-0.5 ${tone.segment} ${
        selected ? 'ring-2 ring-brand-600 ring-offset-1' : ''
      }`}
    >
      <span lang="zh-CN" className={`text-[11px] font-semibold leading-tight ${tone.label}`}>
        {cell.label}
      </span>
      <span className="flex flex-wrap gap-x-1">
        {indexes.map((i) => (
          <button
            key={i}
            type="button"
            data-testid="segment-word"
            aria-haspopup="dialog"
            aria-label={`${words[i]}（${cell.label}）：查看推荐问题`}
            onClick={(event) => onChoose(event.currentTarget)}
            className={`rounded-sm px-px text-[15px] leading-snug hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
              cell.highlight.has(i) ? 'font-bold' : ''
            } ${cell.gray.has(i) ? 'opacity-50' : ''}`}
          >
            {words[i]}
          </button>
        ))}
      </span>
    </span>
  );
}

/** The suggested questions about one constituent (get_questions). */
function SuggestedQuestions({
  constituent,
  conversationId,
  onChoose,
}: {
  constituent: Constituent;
  conversationId: ConversationId;
  onChoose: (question: string) => void;
}) {
  const questions = useSuggestedQuestions({ ...constituent, conversation_id: conversationId });
  if (questions.isPending) {
    return (
      <div role="status" aria-label="正在加载推荐问题" className="flex animate-pulse flex-col gap-2">
        <div className="h-9 rounded-lg bg-slate-100" />
        <div className="h-9 rounded-lg bg-slate-100" />
        <div className="h-9 rounded-lg bg-slate-100" />
      </div>
    );
  }
  if (questions.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p className="text-red-600">{questions.error.message || '推荐问题加载失败'}</p>
        <RetryButton testId="questions-retry" onRetry={() => void questions.refetch()} retrying={questions.isFetching} />
      </div>
    );
  }
  if (questions.data.length === 0) return <p className="text-sm text-ink-mute">没有推荐问题，可以在下面的输入框里直接提问。</p>;
  return (
    <ul className="flex flex-col gap-2">
      {questions.data.map((question) => (
        <li key={question}>
          <button
            type="button"
            data-testid="suggested-question"
            onClick={() => onChoose(question)}
            className="w-full rounded-lg border border-slate-200 px-3 py-2 text-left text-sm hover:border-brand-500 hover:bg-brand-50"
          >
            {question}
          </button>
        </li>
      ))}
    </ul>
  );
}
