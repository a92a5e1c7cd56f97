'use client';

import { Sheet } from '@/components/ui/sheet';
import { PosExplanationBody, isPosPayload } from './pos-label';

/** The part-of-speech drawer of the shell (spec section 2), used on narrow screens. */
export function PosExplainDrawer({ payload, onClose }: { payload: unknown; onClose: () => void }) {
  const pos = isPosPayload(payload) ? payload : null;
  return (
    <Sheet
      open={!!pos}
      onOpenChange={(o) => !o && onClose()}
      title="词性说明"
      placement="bottom"
      testId="pos-explain-drawer"
    >
      {pos && (
        <div data-testid="pos-explanation" className="pb-[env(safe-area-inset-bottom)] text-base">
          <PosExplanationBody pos={pos} enabled />
        </div>
      )}
    </Sheet>
  );
}
