'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseButton } from '@/components/ui/sheet';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { SettingsPanel } from './settings-panel';
import { useIsNarrowScreen } from './use-is-narrow-screen';

export interface SettingsOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const frames = {
  // Centred, at most 32 rem wide; the header stays put and the settings scroll under it.
  dialog:
    'left-1/2 top-1/2 max-h-[min(85vh,44rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl shadow-xl transition duration-200 starting:scale-95 starting:opacity-0',
  // The whole screen, coming up from the bottom.
  drawer:
    'inset-0 pb-[env(safe-area-inset-bottom)] transition-transform duration-300 ease-out starting:translate-y-full',
} as const;

/**
 * Global settings (spec section 2): a dialog on screens 768 px and wider, a full-height drawer
 * below. Radix gives the focus trap, Escape, scroll lock and the inert page behind.
 *
 * It is opened by state (the shell's overlay store), so focus return is useReturnFocus's.
 */
export function SettingsOverlay({ open, onOpenChange }: SettingsOverlayProps) {
  const layout = useIsNarrowScreen() ? 'drawer' : 'dialog';
  const returnFocus = useReturnFocus();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          data-testid="settings-overlay"
          data-layout={layout}
          {...returnFocus}
          className={`fixed z-50 flex flex-col bg-white text-ink outline-none motion-reduce:transition-none ${frames[layout]}`}
        >
          <div className="flex shrink-0 items-start gap-4 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold">设置</Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-ink-soft">
                修改立即生效，并保存在这台设备上
              </Dialog.Description>
            </div>
            <DialogCloseButton testId="settings-close" />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-4 py-5 md:px-5">
            <SettingsPanel />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
