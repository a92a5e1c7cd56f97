'use client';

import { Overlay } from '@/components/ui/overlay';
import type { HostedOverlayProps } from '@/lib/client/overlays';
import { PosExplanationBody } from './pos-label';

/** The part-of-speech drawer of the shell (spec section 2), used on narrow screens. */
export function PosExplainDrawer({ open, payload: pos, onOpenChange }: HostedOverlayProps<'posExplain'>) {
  return (
    <Overlay open={open} onOpenChange={onOpenChange} layout="sheet" title="词性说明" testId="pos-explain-drawer">
      {pos && (
        <div data-testid="pos-explanation" className="text-base">
          <PosExplanationBody pos={pos} enabled={open} />
        </div>
      )}
    </Overlay>
  );
}
