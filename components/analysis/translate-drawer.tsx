'use client';

import { Overlay } from '@/components/ui/overlay';
import { RetryButton } from '@/components/ui/retry-button';
import { useTranslation } from '@/lib/client/analysis/queries';
import type { HostedOverlayProps } from '@/lib/client/overlays';
import { GLOSS_LABEL } from './analysis-text';
import { GlossEntries } from './gloss-entries';

/**
 * The translate drawer (spec section 2): the original text and its translation, with a spinner
 * until the translation arrives. Without the model service the answer is a word-by-word gloss,
 * labelled as such (its title too), never passed off as a translation.
 */
export function TranslateDrawer({ open, payload, onOpenChange }: HostedOverlayProps<'sentenceTranslate'>) {
  // The same query the body reads: the title says what the answer is once it is known.
  const result = useTranslation(payload?.text ?? null);
  const gloss = result.data?.source === 'gloss';
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout={{ wide: 'dialog', narrow: 'sheet' }}
      title={gloss ? GLOSS_LABEL : '翻译'}
      testId="translate-drawer"
    >
      {payload && <TranslateBody text={payload.text} />}
    </Overlay>
  );
}

function TranslateBody({ text }: { text: string }) {
  const result = useTranslation(text);
  const gloss = result.data?.source === 'gloss';
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="mb-1 text-sm font-medium text-ink-mute">原文</h3>
        <p lang="en" data-testid="translate-original" className="leading-relaxed">
          {text}
        </p>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-medium text-ink-mute">{gloss ? GLOSS_LABEL : '译文'}</h3>
        {result.isPending ? (
          <span
            role="status"
            aria-label="正在翻译"
            data-testid="translate-spinner"
            className="inline-flex items-center gap-2 text-ink-mute"
          >
            <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
            正在翻译…
          </span>
        ) : result.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="text-red-600">{result.error.message || '翻译失败'}</p>
            <RetryButton testId="translate-retry" onRetry={() => void result.refetch()} retrying={result.isFetching} />
          </div>
        ) : gloss ? (
          <div data-testid="translate-result">
            <GlossEntries entries={result.data.entries} line={result.data.translation} />
          </div>
        ) : (
          <p data-testid="translate-result" className="leading-relaxed">
            {result.data.translation}
          </p>
        )}
      </div>
    </div>
  );
}
