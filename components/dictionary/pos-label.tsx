'use client';

import { lazy, Suspense, useState } from 'react';
import { Overlay } from '@/components/ui/overlay';
import { usePosExplanation } from '@/lib/client/dictionary/queries';
import { openOverlay, type PartOfSpeech } from '@/lib/client/overlays';
import { useIsNarrowScreen } from '@/lib/client/screen';

// The explanations are short Markdown; the renderer is fetched with the first one opened.
const Markdown = lazy(() => import('@/components/ui/model-markdown'));

const buttonClass =
  'inline-flex shrink-0 items-baseline gap-1 rounded-md bg-brand-50 px-1.5 py-0.5 text-sm text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100';

/**
 * A gloss's part of speech (spec section 2): its label as a button whose explanation opens in a
 * popover beside it on desktop, and in the shell's part-of-speech drawer on mobile. The popover
 * stays inside the word panel (a layer of it), so using it does not close the panel.
 */
export function PosLabel({ pos }: { pos: PartOfSpeech }) {
  const narrow = useIsNarrowScreen();
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<Element | null>(null);

  return (
    <>
      <button
        type="button"
        data-testid="pos-button"
        aria-label={`${pos.label} ${pos.name}：查看词性说明`}
        aria-haspopup="dialog"
        aria-expanded={narrow ? undefined : open}
        className={buttonClass}
        onClick={(event) => {
          if (narrow) return openOverlay('posExplain', pos);
          setAnchor(event.currentTarget);
          setOpen((o) => !o);
        }}
      >
        <span className="font-mono font-semibold">{pos.label}</span> <span className="text-xs">{pos.name}</span>
      </button>
      {!narrow && open && anchor && (
        <Overlay open onOpenChange={setOpen} layout="popover" anchor={anchor} size="sm" label="词性说明">
          <div data-testid="pos-explanation" className="p-4 text-sm">
            <PosExplanationBody pos={pos} enabled />
          </div>
        </Overlay>
      )}
    </>
  );
}

/** The explanation itself, shared by the popover and the drawer. */
export function PosExplanationBody({ pos, enabled }: { pos: PartOfSpeech; enabled: boolean }) {
  const explanation = usePosExplanation(pos.label, enabled);
  const loading = (
    <div role="status" aria-busy="true" aria-label="正在加载" className="flex flex-col gap-2">
      <div className="h-3 w-full animate-pulse rounded bg-slate-200" />
      <div className="h-3 w-4/5 animate-pulse rounded bg-slate-200" />
      <div className="h-3 w-3/5 animate-pulse rounded bg-slate-200" />
    </div>
  );
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline gap-2">
        <span className="font-mono font-semibold text-brand-700">{explanation.data?.pos ?? pos.label}</span>
        <span className="font-medium">{explanation.data?.name ?? pos.name}</span>
      </div>
      {explanation.isPending ? (
        loading
      ) : explanation.isError ? (
        <p role="alert" className="text-red-600">
          暂时无法获取词性说明。
          <button type="button" className="ml-1 underline" onClick={() => explanation.refetch()}>
            重试
          </button>
        </p>
      ) : (
        <div className="leading-relaxed text-ink-soft [&_li]:ml-4 [&_li]:list-disc [&_p]:my-1 [&_strong]:text-ink">
          <Suspense fallback={loading}>
            <Markdown>{explanation.data.explanation.replace(/\n(?!\s*-)/g, '\n\n')}</Markdown>
          </Suspense>
        </div>
      )}
    </div>
  );
}
