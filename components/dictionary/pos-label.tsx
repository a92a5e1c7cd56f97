'use client';

import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import ReactMarkdown from 'react-markdown';
import { useIsNarrowScreen } from '@/components/settings/use-is-narrow-screen';
import { openOverlay } from '@/lib/client/overlays';
import { usePosExplanation } from './use-word-query';

export interface PosPayload {
  label: string;
  name: string;
}

export function isPosPayload(payload: unknown): payload is PosPayload {
  const p = payload as Partial<PosPayload> | null;
  return !!p && typeof p.label === 'string' && typeof p.name === 'string';
}

const buttonClass =
  'inline-flex shrink-0 items-baseline gap-1 rounded-md bg-brand-50 px-1.5 py-0.5 text-sm text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100';

/** The label and its Chinese name, as spec section 2 shows a gloss's part of speech. */
function PosText({ pos }: { pos: PosPayload }) {
  return (
    <>
      <span className="font-mono font-semibold">{pos.label}</span>{' '}
      <span className="text-xs">{pos.name}</span>
    </>
  );
}

/**
 * A gloss's part of speech (spec section 2): its label as a button whose explanation opens in a
 * popover on desktop and in the part-of-speech drawer on mobile (a shell overlay).
 */
export function PosLabel({ pos }: { pos: PosPayload }) {
  const narrow = useIsNarrowScreen();
  const [open, setOpen] = useState(false);
  const accessibleName = `${pos.label} ${pos.name}：查看词性说明`;

  if (narrow) {
    return (
      <button
        type="button"
        data-testid="pos-button"
        aria-label={accessibleName}
        aria-haspopup="dialog"
        className={buttonClass}
        onClick={() => openOverlay('posExplain', pos)}
      >
        <PosText pos={pos} />
      </button>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger data-testid="pos-button" aria-label={accessibleName} className={buttonClass}>
        <PosText pos={pos} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          data-testid="pos-explanation"
          className="z-[60] w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xl outline-none"
        >
          <PosExplanationBody pos={pos} enabled={open} />
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The explanation itself, shared by the popover and the drawer. */
export function PosExplanationBody({ pos, enabled }: { pos: PosPayload; enabled: boolean }) {
  const explanation = usePosExplanation(pos.label, enabled);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline gap-2">
        <span className="font-mono font-semibold text-brand-700">{explanation.data?.pos ?? pos.label}</span>
        <span className="font-medium">{explanation.data?.name ?? pos.name}</span>
      </div>
      {explanation.isPending ? (
        <div aria-busy="true" aria-label="正在加载" className="flex flex-col gap-2">
          <div className="h-3 w-full animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-4/5 animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-3/5 animate-pulse rounded bg-slate-200" />
        </div>
      ) : explanation.isError ? (
        <p role="alert" className="text-red-600">
          暂时无法获取词性说明。
          <button type="button" className="ml-1 underline" onClick={() => explanation.refetch()}>
            重试
          </button>
        </p>
      ) : (
        <div className="leading-relaxed text-ink-soft [&_li]:ml-4 [&_li]:list-disc [&_p]:my-1 [&_strong]:text-ink">
          <ReactMarkdown>{explanation.data.explanation.replace(/\n(?!\s*-)/g, '\n\n')}</ReactMarkdown>
        </div>
      )}
    </div>
  );
}
