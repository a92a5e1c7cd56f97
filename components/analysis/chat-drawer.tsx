'use client';

import { Overlay, OverlayBody, OverlayClose, OverlayHeader, OverlayTitle } from '@/components/ui/overlay';
import type { HostedOverlayProps } from '@/lib/client/overlays';
import { SentenceAnalysis } from './sentence-analysis';

/**
 * The shell's chat drawer (spec section 2): the sentence analysis panel for a sentence of the
 * page being read, over the page — a dialog on wide screens, a full-height bottom drawer on
 * phones (which locks the page's scrolling, spec section 4).
 */
export function ChatDrawer({ open, payload, onOpenChange }: HostedOverlayProps<'chatDrawer'>) {
  const key = payload ? ('sentence' in payload ? `s:${payload.sentence}` : `c:${payload.conversationId}`) : '';
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout={{ wide: 'dialog', narrow: 'sheet' }}
      sheetHeight="full"
      size="lg"
      layoutNames={{ dialog: 'dialog', sheet: 'drawer' }}
      testId="chat-drawer"
      className="md:max-w-3xl"
    >
      <OverlayHeader className="border-b border-slate-200">
        <div className="min-w-0 flex-1">
          <OverlayTitle className="text-lg font-semibold">句子分析</OverlayTitle>
          {payload && 'sentence' in payload && (
            <p lang="en" data-testid="chat-drawer-sentence" className="mt-1 text-sm text-ink-soft">
              {payload.sentence}
            </p>
          )}
        </div>
        <OverlayClose testId="chat-drawer-close" />
      </OverlayHeader>
      <OverlayBody className="px-4 py-4 md:px-6">
        {payload && (
          <SentenceAnalysis
            key={key}
            source={
              'sentence' in payload
                ? { kind: 'sentence', sentence: payload.sentence, from: payload.from, wordId: payload.wordId }
                : { kind: 'conversation', conversationId: payload.conversationId, from: payload.from }
            }
          />
        )}
      </OverlayBody>
    </Overlay>
  );
}
